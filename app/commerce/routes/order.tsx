import { data, redirect } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { loginToReturn } from "~/catalog/clips/clip-id";
import { ownProfileTabPath } from "~/catalog/profile/profile-tab-path";
import { ButtonLink } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { formatCreditNoteNumber } from "../billing/invoice-pdf.server";
import { pendingTransferOf } from "../checkout/payment-instructions";
import { totalLabelOf } from "../checkout/total-label";
import { OrderFacts } from "../components/order-facts";
import { PaymentInstructionsPanel } from "../components/payment-instructions";
import { listOrderDocuments } from "../orders/order-documents.server";
import { creditNotePath, invoicePath } from "../orders/order-id";
import { claimGuestOrdersOf } from "../orders/order-lifecycle.server";
import { findOrderWithPlanTitle, listCreditNotesOfOrder, orderFactsOf } from "../orders/orders.server";
import type { Route } from "./+types/order";

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta(data ? `Order ${data.order.orderNumber}` : "Order", "Your Verdeo order and how to pay it.");

/** One of the signed-in buyer's orders: its facts, how to pay it while unpaid, its invoice once paid. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginToReturn(new URL(request.url).pathname));
  const id = z.uuid().safeParse(params.orderId);
  if (!id.success) throw data(null, { status: 404 });
  await claimGuestOrdersOf(user);
  const order = await findOrderWithPlanTitle(id.data);
  // Someone else's order reads exactly like no order at all.
  if (!order || order.userId !== user.id) throw data(null, { status: 404 });
  return {
    order: { ...orderFactsOf(order), total: totalLabelOf(order) },
    payment: pendingTransferOf(order, config()),
    awaitingCard: order.status === "awaiting_payment" && cardPaymentEnabled(),
    // Every order once paid has its invoice, whatever happened to it since.
    invoiceUrl: order.paidAt ? invoicePath(order.id) : null,
    // Money that went back has its credit notes, one per refund (a part refund, the rest, a cancel).
    creditNotes: (order.paidAt ? await listCreditNotesOfOrder(order.id) : []).map((note) => ({
      url: creditNotePath(order.id, note.number),
      number: formatCreditNoteNumber(note.number, note.issuedAt),
    })),
    // What the order made elsewhere: the certificates of the licenses it paid for.
    documents: order.paidAt ? await listOrderDocuments(order.id, user.id) : [],
  };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, payment, awaitingCard, invoiceUrl, creditNotes, documents } = loaderData;
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-12 sm:py-16">
      <h1 className="self-start text-3xl font-bold tracking-tight">Order {order.orderNumber}</h1>
      <OrderFacts order={order} />
      {payment ? (
        <div className="mt-6 w-full">
          <PaymentInstructionsPanel instructions={payment} />
        </div>
      ) : null}
      {awaitingCard ? (
        <p className="mt-6 w-full text-sm text-zinc-600 dark:text-zinc-400">
          This order waits for its card payment. If the payment page was closed, write to us and quote the
          order number.
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
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
