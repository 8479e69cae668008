import { data, redirect } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { loginToReturn } from "~/catalog/clips/clip-id";
import { ownProfileTabPath } from "~/catalog/profile/profile-tab-path";
import { ButtonLink } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { describeTax, taxLineLabel } from "~/payments/tax";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { formatCreditNoteNumber } from "../billing/invoice-pdf.server";
import { pendingTransferOf } from "../checkout/payment-instructions";
import { totalLabelOf } from "../checkout/total-label";
import { DetailsCard } from "../components/order-details";
import { OrderFacts } from "../components/order-facts";
import { OrderAmountRows } from "../components/order-summary";
import { PaymentInstructionsPanel } from "../components/payment-instructions";
import { billingRowsOf, dateRowsOf } from "../orders/order-details";
import { listOrderDocuments } from "../orders/order-documents.server";
import { creditNotePath, invoicePath, proFormaPath } from "../orders/order-id";
import { claimGuestOrdersOf } from "../orders/order-lifecycle.server";
import { findOrderWithPlanTitle, listCreditNotesOfOrder, orderFactsOf } from "../orders/orders.server";
import type { Route } from "./+types/order";

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta(data ? `Order ${data.order.orderNumber}` : "Order", "Your Verdeo order and how to pay it.");

/**
 * One of the signed-in buyer's orders: its facts, figures, billing details and dates; how to pay it
 * (and its pro-forma) while it waits for a transfer; its invoice once paid.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
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
  const payment = pendingTransferOf(order, settings);
  return {
    order: { ...orderFactsOf(order), total: totalLabelOf(order) },
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
    taxReason: describeTax(order.taxReason, order.country, order.taxSubdivision),
    taxName: taxLineLabel(order.taxReason, order.country, order.taxSubdivision),
    billing: billingRowsOf(order),
    dates: dateRowsOf(order, settings.ORDER_EXPIRY_DAYS, notes.at(-1)?.issuedAt ?? null),
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
    documents: order.paidAt ? await listOrderDocuments(order.id, user.id) : [],
  };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, payment, proFormaUrl, awaitingCard, invoiceUrl, creditNotes, documents } = loaderData;
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-12 sm:py-16">
      <h1 className="self-start text-3xl font-bold tracking-tight">Order {order.orderNumber}</h1>
      <OrderFacts order={order} />
      {payment ? (
        <div className="flex w-full flex-col gap-3">
          <PaymentInstructionsPanel instructions={payment} />
          {proFormaUrl ? (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <ButtonLink to={proFormaUrl} reloadDocument variant="secondary">
                Pro-forma invoice (PDF)
              </ButtonLink>
              <p className="flex-1 basis-56 text-sm text-zinc-600 dark:text-zinc-400">
                The order&apos;s figures and these bank details, for your accounts. Not a tax invoice: the
                invoice follows your payment.
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
      {awaitingCard ? (
        <p className="w-full text-sm text-zinc-600 dark:text-zinc-400">
          This order waits for its card payment. If the payment page was closed, write to us and quote the
          order number.
        </p>
      ) : null}
      <DetailsCard id="order-amounts" title="Amounts">
        <OrderAmountRows
          amounts={loaderData.amounts}
          currency={loaderData.order.currency}
          promoCode={loaderData.promoCode}
          taxReason={loaderData.taxReason}
          taxName={loaderData.taxName}
        />
      </DetailsCard>
      <DetailsCard id="order-billing" title="Billing details" rows={loaderData.billing} />
      <DetailsCard id="order-dates" title="Dates" rows={loaderData.dates} />
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {invoiceUrl ? (
          <ButtonLink to={invoiceUrl} reloadDocument>
            Invoice (PDF)
          </ButtonLink>
        ) : null}
        {creditNotes.map((note) => (
          <ButtonLink key={note.url} to={note.url} reloadDocument variant="secondary">
            {creditNotes.length === 1 ? "Credit note (PDF)" : `Credit note ${note.number} (PDF)`}
          </ButtonLink>
        ))}
        {documents.map((document) => (
          <ButtonLink key={document.url} to={document.url} reloadDocument variant="secondary">
            {document.label} (PDF)
          </ButtonLink>
        ))}
        <ButtonLink to={ownProfileTabPath("orders")} variant="secondary">
          Your orders
        </ButtonLink>
        <ButtonLink to="/videos" variant="secondary">
          Explore Videos
        </ButtonLink>
      </div>
    </main>
  );
}
