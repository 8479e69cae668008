import { Form } from "react-router";
import { exchangeLine } from "~/commerce/billing/exchange-line";
import { BILLING_LABELS } from "~/commerce/pricing/plans";
import { Link } from "~/components/link";
import type { findOrderForStaff } from "~/licensing/staff-order.server";
import type { Currency } from "~/payments/currencies";
import { formatMoney, formatRate } from "~/payments/money";
import { isStripePayment } from "~/payments/payment-reference";
import { taxLineLabel } from "~/payments/tax";
import { countOf } from "~/platform/text/plural";
import { paidAtLabel } from "../orders/payment-time";
import { RENEWAL_STOP_TEXTS } from "../orders/renewal-stop";
import { TextField } from "./fields";
import { formatDateTime, Panel, SubmitButton } from "./staff-ui";

type Found = NonNullable<Awaited<ReturnType<typeof findOrderForStaff>>>;
type Buyer = { name: string; email: string | null; username: string | null } | null;

const linkClass = "text-brand-800 underline underline-offset-2 dark:text-brand-300";

/** The order's lines and totals, its payment, invoice and licence, and who bought it. */
export function OrderLines({
  order,
  entitlement,
  invoiceNumber,
  buyer,
}: Found & { buyer: Buyer; invoiceNumber: string | null }) {
  // Amounts in the order's currency; a non-euro order also shows its euros at its stored rate.
  const money = (cents: number) => formatMoney(cents, undefined, order.currency);
  const exchange = exchangeLine(
    { vatCents: order.vatAmountCents, totalCents: order.totalCents },
    order.currency,
    { rate: order.eurRate, date: order.eurRateDate, source: order.eurRateSource },
    "en-IE",
  );
  const lines: [string, string][] = [
    [
      `${order.planTitle} · ${order.downloads ? countOf(order.downloads, "download") : "unlimited downloads"} · ${BILLING_LABELS[order.billing]}`,
      money(order.unitPriceCents),
    ],
    ["Subtotal", money(order.subtotalCents)],
    [`Promo ${order.promoCode ?? "—"}`, `− ${money(order.promoValueCents)}`],
    [
      `${taxLineLabel(order.taxReason, order.country, order.taxSubdivision)} ${formatRate(order.vatRateBps)}`,
      money(order.vatAmountCents),
    ],
    ["Total", money(order.totalCents)],
    ...(exchange ? [["In euros", exchange] as [string, string]] : []),
  ];
  const facts: [string, React.ReactNode][] = [
    [
      "Buyer",
      buyer ? (
        <Link
          to={`/staff/users?q=${encodeURIComponent(buyer.email ?? buyer.username ?? "")}`}
          className={linkClass}
        >
          {buyer.name}'s account
        </Link>
      ) : (
        "no account (a guest checkout)"
      ),
    ],
    [
      "Payment",
      order.paidAt
        ? `${paidAtLabel({ paidAt: order.paidAt, paymentReference: order.paymentReference })} · ${order.paymentReference ?? ""}`
        : "not recorded",
    ],
    ["Invoice", invoiceNumber ?? "—"],
    ["Location evidence", locationEvidenceOf(order)],
    [
      "Entitlement",
      entitlement
        ? `${entitlement.downloadsUsed} of ${entitlement.downloadsTotal || "unlimited"} used, until ${formatDateTime(entitlement.expiresAt)}${entitlement.revokedAt ? ` · revoked ${formatDateTime(entitlement.revokedAt)}` : ""}`
        : "none",
    ],
  ];
  return (
    <Panel title="Lines">
      <dl className="space-y-1 text-sm">
        {lines.map(([label, amount]) => (
          <div
            key={label}
            className="flex justify-between gap-4 last:border-t last:border-zinc-200 last:pt-1 last:font-semibold dark:last:border-zinc-800"
          >
            <dt>{label}</dt>
            <dd className="tabular-nums">{amount}</dd>
          </div>
        ))}
      </dl>
      <dl className="mt-4 space-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="inline">{label}: </dt>
            <dd className="inline">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm">
        <Link to={`/staff/orders?q=${encodeURIComponent(order.email)}`} className={linkClass}>
          Every order of {order.email}
        </Link>
      </p>
    </Panel>
  );
}

/** A bank payment's reference and the day it arrived (marking an order paid, renewing by hand). */
function PaymentFields({
  label,
  values,
  today,
  referenceMax,
}: {
  label: string;
  values?: Record<string, string>;
  today: string;
  referenceMax: number;
}) {
  return (
    <>
      <TextField
        label={label}
        name="reference"
        required
        maxLength={referenceMax}
        defaultValue={values?.reference}
      />
      <TextField
        label="Paid on"
        name="paidAt"
        type="date"
        required
        defaultValue={values?.paidAt ?? today}
        max={today}
      />
    </>
  );
}

/** Recording a bank payment: its reference and the day it arrived. */
export function MarkPaidForm({
  values,
  today,
  referenceMax,
}: {
  values?: Record<string, string>;
  today: string;
  referenceMax: number;
}) {
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="mark-paid" />
      <PaymentFields label="Payment reference" values={values} today={today} referenceMax={referenceMax} />
      <SubmitButton>Mark paid</SubmitButton>
    </Form>
  );
}

/** What the staff order page shows of the subscription an order belongs to. */
export interface StaffSubscription {
  id: string;
  provider: "stripe" | "manual";
  stateLabel: string;
  currentPeriodEnd: string;
  amountCents: number;
  currency: Currency;
  ended: boolean;
  /** Set to end at its period's end (by the buyer or the team). */
  renewalStopped: boolean;
}

/**
 * The subscription an order started or renewed; a manual one (bank transfer) is renewed here for
 * one more period. The period end sent back is the one shown, so a double submit renews once.
 */
export function SubscriptionPanel({
  subscription,
  values,
  today,
  referenceMax,
}: {
  subscription: StaffSubscription;
  values?: Record<string, string>;
  today: string;
  referenceMax: number;
}) {
  return (
    <Panel title="Subscription">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-600 dark:text-zinc-400">Renewed by</dt>
        <dd>{subscription.provider === "stripe" ? "Stripe (card)" : "The team (bank transfer)"}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">State</dt>
        <dd>{subscription.stateLabel}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Current period ends</dt>
        <dd>{formatDateTime(subscription.currentPeriodEnd)}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Next renewal</dt>
        <dd>{formatMoney(subscription.amountCents, undefined, subscription.currency)}</dd>
      </dl>
      {subscription.provider === "manual" && !subscription.ended ? (
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="renew" />
          <input type="hidden" name="periodEnd" value={subscription.currentPeriodEnd} />
          <PaymentFields
            label="Renewal payment reference"
            values={values}
            today={today}
            referenceMax={referenceMax}
          />
          <SubmitButton>Renew for one period</SubmitButton>
        </Form>
      ) : null}
      {subscription.provider === "manual" && !subscription.ended ? (
        <RenewalStopForm stopped={subscription.renewalStopped} />
      ) : null}
    </Panel>
  );
}

/** Stops a manual subscription's renewal (it ends at its period's end), or resumes it. */
function RenewalStopForm({ stopped }: { stopped: boolean }) {
  return (
    <Form method="post" className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <input type="hidden" name="intent" value="renewal" />
      <input type="hidden" name="renewal" value={stopped ? "resume" : "stop"} />
      <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
        {stopped ? RENEWAL_STOP_TEXTS.resumeHint : RENEWAL_STOP_TEXTS.stopHint}
      </p>
      <SubmitButton variant="secondary">
        {stopped ? RENEWAL_STOP_TEXTS.resume : RENEWAL_STOP_TEXTS.stop}
      </SubmitButton>
    </Form>
  );
}

/**
 * The two pieces of evidence of where the buyer is that EU rules ask for: the billing country they
 * gave (with a Canadian province or US state) and the country of the card Stripe charged.
 */
export function locationEvidenceOf(order: {
  country: string;
  taxSubdivision: string | null;
  evidenceCardCountry: string | null;
  paymentReference: string | null;
}) {
  const billing = order.taxSubdivision ? `${order.country}-${order.taxSubdivision}` : order.country;
  const card =
    order.evidenceCardCountry ??
    (!order.paymentReference
      ? "— (not paid yet)"
      : isStripePayment(order.paymentReference)
        ? "unknown (Stripe did not say)"
        : "none (bank transfer)");
  return `billing ${billing} · card ${card}`;
}
