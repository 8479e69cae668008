import { REFUND_SUBSCRIPTION_TEXTS as TEXTS } from "../orders/refund-subscription";

/** The refund's choice to end the order's subscription with it (off unless ticked), inside its confirm form. */
export function CancelSubscriptionChoice({ provider }: { provider: "stripe" | "manual" }) {
  return (
    <div className="mt-2 space-y-1 text-sm">
      <p>{provider === "stripe" ? TEXTS.stripeGoesOn : TEXTS.manualGoesOn}</p>
      <label className="flex items-start gap-2 font-semibold">
        <input
          type="checkbox"
          name="cancelSubscription"
          value="yes"
          aria-describedby="cancel-subscription-hint"
          className="mt-1 size-4 accent-brand-700"
        />
        {TEXTS.cancel}
      </label>
      <p id="cancel-subscription-hint" className="ml-6 text-zinc-700 dark:text-zinc-300">
        {provider === "stripe" ? TEXTS.stripeHint : TEXTS.manualHint}
      </p>
    </div>
  );
}
