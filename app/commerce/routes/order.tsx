import { data, redirect } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { loginToReturn } from "~/catalog/clips/clip-id";
import { ownProfileTabPath } from "~/catalog/profile/profile-tab-path";
import { ButtonLink, buttonClass } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { formatDate } from "~/platform/text/dates";
import { formatCreditNoteNumber } from "../billing/invoice-pdf.server";
import { paymentInLanguage } from "../checkout/payment-in-language";
import { pendingTransferOf } from "../checkout/payment-instructions";
import { taxWordingOf, totalLabelOf } from "../checkout/tax-wording.server";
import { DetailsCard } from "../components/order-details";
import { OrderFacts } from "../components/order-facts";
import { OrderAmountRows } from "../components/order-summary";
import { PaymentInstructionsPanel } from "../components/payment-instructions";
import { billingRowsOf, type DetailRow, dateRowsOf } from "../orders/order-details";
import { listOrderDocuments } from "../orders/order-documents.server";
import { creditNotePath, invoicePath, proFormaPath } from "../orders/order-id";
import { claimGuestOrdersOf } from "../orders/order-lifecycle.server";
import { findOrderWithPlanTitle, listCreditNotesOfOrder, orderFactsOf } from "../orders/orders.server";
import { englishI18n, pageI18n } from "../page-i18n.server";
import { planTitleIn } from "../pricing/plan-texts";
import type { Route } from "./+types/order";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(
    data
      ? t("commerce.orderPage.title", { number: data.order.orderNumber })
      : t("commerce.orderPage.metaTitle"),
    t("commerce.orderPage.metaDescription"),
  );
};

/** The order page's detail rows by their key (order-details.ts keeps the English labels). */
const ROW_LABEL_KEYS: Record<string, string> = {
  "buyer-type": "commerce.details.buyingAs",
  company: "commerce.details.company",
  name: "commerce.details.name",
  email: "commerce.details.email",
  address: "commerce.details.address",
  place: "commerce.details.place",
  country: "commerce.details.country",
  "vat-number": "commerce.details.vatNumber",
  placed: "commerce.details.placed",
  "payable-by": "commerce.details.payableBy",
  paid: "commerce.details.paid",
  refunded: "commerce.details.refunded",
  cancelled: "commerce.details.cancelled",
  "part-refunded": "commerce.details.partRefunded",
};
const BUYER_TYPE_KEYS = { individual: "commerce.details.individual", business: "commerce.details.business" };

/**
 * One of the signed-in buyer's orders: its facts, figures, billing details and dates; how to pay it
 * (and its pro-forma) while it waits for a transfer; its invoice once paid.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { messages, i18n } = pageI18n(params);
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginToReturn(new URL(request.url).pathname));
  const id = z.uuid().safeParse(params.orderId);
  if (!id.success) throw data(null, { status: 404 });
  await claimGuestOrdersOf(user);
  const order = await findOrderWithPlanTitle(id.data);
  // Someone else's order reads exactly like no order at all.
  if (!order || order.userId !== user.id) throw data(null, { status: 404 });
  const settings = config();
  const notes = order.paidAt ? await listCreditNotesOfOrder(order.id) : [];
  const payment = paymentInLanguage(pendingTransferOf(order, settings), order, i18n);
  const labelled = (row: DetailRow): DetailRow => {
    const key = ROW_LABEL_KEYS[row.key];
    const label = key ? i18n.t(key) : row.label;
    return row.key === "buyer-type"
      ? { ...row, label, value: i18n.t(BUYER_TYPE_KEYS[order.buyerType]) }
      : { ...row, label };
  };
  const formatDay = (date: Date) => formatDate(date, i18n.tag);
  return {
    order: {
      ...orderFactsOf(order),
      planTitle: planTitleIn(order.planCategory, order.planTitle, englishI18n(), i18n),
      total: totalLabelOf(order, i18n.locale),
    },
    // The figures as stored in cents when the order was placed, never priced again.
    amounts: {
      unitPriceCents: order.unitPriceCents,
      subtotalCents: order.subtotalCents,
      discountCents: order.promoValueCents,
      vatRateBps: order.vatRateBps,
      vatCents: order.vatAmountCents,
      totalCents: order.totalCents,
    },
    promoCode: order.promoCode,
    ...taxWordingOf(order, i18n.locale),
    billing: billingRowsOf(order, i18n.tag).map(labelled),
    dates: dateRowsOf(order, settings.ORDER_EXPIRY_DAYS, notes.at(-1)?.issuedAt ?? null, formatDay).map(
      labelled,
    ),
    payment,
    proFormaUrl: payment ? proFormaPath(order.id) : null,
    awaitingCard: order.status === "awaiting_payment" && cardPaymentEnabled(),
    // Every order once paid has its invoice, whatever happened to it since.
    invoiceUrl: order.paidAt ? invoicePath(order.id) : null,
    // Money that went back has its credit notes, one per refund (a part refund, the rest, a cancel).
    creditNotes: notes.map((note) => ({
      url: creditNotePath(order.id, note.number),
      number: formatCreditNoteNumber(note.number, note.issuedAt),
    })),
    // What the order made elsewhere: the certificates of the licenses it paid for.
    documents: (order.paidAt ? await listOrderDocuments(order.id, user.id) : []).map((document) => {
      // Licensing names its certificates "Certificate: <clip>" (in English, for every caller).
      const clip = /^Certificate: (.*)$/s.exec(document.label)?.[1];
      return clip === undefined
        ? document
        : { ...document, label: i18n.t("commerce.orderPage.certificate", { clip }) };
    }),
    messages,
  };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, payment, proFormaUrl, awaitingCard, invoiceUrl, creditNotes, documents } = loaderData;
  const { t } = useI18n();
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-12 sm:py-16">
      <h1 className="self-start text-3xl font-bold tracking-tight">
        {t("commerce.orderPage.title", { number: order.orderNumber })}
      </h1>
      <OrderFacts order={order} />
      {payment ? (
        <div className="flex w-full flex-col gap-3">
          <PaymentInstructionsPanel instructions={payment} />
          {proFormaUrl ? (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {/* A file outside the page's language: a plain link, not one kept in its language. */}
              <a href={proFormaUrl} className={buttonClass("secondary")}>
                {t("commerce.orderPage.proForma")}
              </a>
              <p className="flex-1 basis-56 text-sm text-zinc-600 dark:text-zinc-400">
                {t("commerce.orderPage.proFormaNote")}
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
      {awaitingCard ? (
        <p className="w-full text-sm text-zinc-600 dark:text-zinc-400">
          {t("commerce.orderPage.awaitingCard")}
        </p>
      ) : null}
      <DetailsCard id="order-amounts" title={t("commerce.orderPage.amounts")}>
        <OrderAmountRows
          amounts={loaderData.amounts}
          currency={loaderData.order.currency}
          promoCode={loaderData.promoCode}
          taxReason={loaderData.taxReason}
          taxName={loaderData.taxName}
        />
      </DetailsCard>
      <DetailsCard id="order-billing" title={t("commerce.orderPage.billing")} rows={loaderData.billing} />
      <DetailsCard id="order-dates" title={t("commerce.orderPage.dates")} rows={loaderData.dates} />
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {invoiceUrl ? (
          <a href={invoiceUrl} className={buttonClass("primary")}>
            {t("commerce.orderPage.invoice")}
          </a>
        ) : null}
        {creditNotes.map((note) => (
          <a key={note.url} href={note.url} className={buttonClass("secondary")}>
            {creditNotes.length === 1
              ? t("commerce.orderPage.creditNote")
              : t("commerce.orderPage.creditNoteNumbered", { number: note.number })}
          </a>
        ))}
        {documents.map((document) => (
          <a key={document.url} href={document.url} className={buttonClass("secondary")}>
            {t("commerce.orderPage.document", { label: document.label })}
          </a>
        ))}
        <ButtonLink to={ownProfileTabPath("orders")} variant="secondary">
          {t("commerce.orderPage.yourOrders")}
        </ButtonLink>
        <ButtonLink to="/videos" variant="secondary">
          {t("common.exploreVideos")}
        </ButtonLink>
      </div>
    </main>
  );
}
