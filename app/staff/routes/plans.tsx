import { z } from "zod";
import { requirePermission } from "~/accounts/routes/permissions.server";
import {
  PLAN_ADMIN_REFUSALS,
  PlanFormSchema,
  TIER_PRICE_CURRENCIES,
  TierPricesFormSchema,
} from "~/commerce/pricing/plan-admin";
import {
  addTier,
  listAllPlans,
  type PlanAdminResult,
  removeTier,
  setTierPrices,
  updatePlan,
  updateTier,
} from "~/commerce/pricing/plan-admin.server";
import { PLAN_CATEGORIES } from "~/commerce/pricing/plans";
import { pageMeta } from "~/components/meta";
import { ratesAreStale } from "~/payments/rates/ecb-rates";
import { latestRates } from "~/payments/rates/exchange-rates.server";
import { suggestedPrice } from "~/payments/rates/price-points";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { ConfirmPanel, useConfirmStep } from "../components/confirm";
import { PlanForm, TierForm } from "../components/plan-editor";
import { RatesNote } from "../components/rates-note";
import { ErrorNote, Pill, StaffPageHeader } from "../components/staff-ui";
import { TierPricesForm } from "../components/tier-prices";
import { withoutConfirm } from "../list-url";
import { TierInEurosSchema } from "../money-forms";
import type { Route } from "./+types/plans";
import { notFound, requireConfirmed, SerialIdSchema } from "./action.server";

export const meta = () => pageMeta("Plans · Staff", "Edit plans and their tiers.");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-plans");
  const [plans, rates] = await Promise.all([listAllPlans(), latestRates()]);
  // Each tier's suggested price per currency: its euro price at the newest rate, at a price point.
  const suggestions = Object.fromEntries(
    plans.flatMap((plan) =>
      plan.tiers.map((tier) => [
        tier.id,
        Object.fromEntries(
          TIER_PRICE_CURRENCIES.flatMap((currency) => {
            const rate = rates.rates[currency];
            return rate ? [[currency, suggestedPrice(tier.priceCents, currency, rate)]] : [];
          }),
        ),
      ]),
    ),
  );
  return { plans, suggestions, rates: { date: rates.date, stale: ratesAreStale(rates.date, new Date()) } };
}

const PlanActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update-plan"), category: z.enum(PLAN_CATEGORIES) }),
  z.object({ intent: z.literal("add-tier"), category: z.enum(PLAN_CATEGORIES) }),
  z.object({ intent: z.literal("update-tier"), category: z.enum(PLAN_CATEGORIES), tierId: SerialIdSchema }),
  z.object({ intent: z.literal("remove-tier"), category: z.enum(PLAN_CATEGORIES), target: SerialIdSchema }),
  z.object({
    intent: z.literal("set-tier-prices"),
    category: z.enum(PLAN_CATEGORIES),
    tierId: SerialIdSchema,
  }),
]);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:manage-plans");
  const form = await readForm(request);
  const parsed = parseFormData(form, PlanActionSchema);
  if (!parsed.ok) return replyWith(formReply("Choose a plan and an action."));
  const input = parsed.data;
  const { category } = input;
  const actorId = actor.id;
  // Each reply keeps the posted `category` among its values: the page shows it beside that plan.
  let result: PlanAdminResult;
  if (input.intent === "update-plan") {
    const plan = parseFormData(form, PlanFormSchema);
    if (!plan.ok) return replyWith(plan.reply);
    result = await updatePlan({ category, plan: plan.data, actorId });
  } else if (input.intent === "set-tier-prices") {
    const prices = parseFormData(form, TierPricesFormSchema);
    if (!prices.ok) return replyWith(prices.reply);
    result = await setTierPrices({ category, tierId: input.tierId, prices: prices.data, actorId });
  } else if (input.intent === "remove-tier") {
    requireConfirmed(parsed.values);
    result = await removeTier({ category, tierId: input.target, actorId });
  } else {
    const tier = parseFormData(form, TierInEurosSchema);
    if (!tier.ok) return replyWith(tier.reply);
    result =
      input.intent === "add-tier"
        ? await addTier({ category, tier: tier.data, actorId })
        : await updateTier({ category, tierId: input.tierId, tier: tier.data, actorId });
  }
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    return replyWith(formReply(PLAN_ADMIN_REFUSALS[result.reason], { values: parsed.values }));
  }
  return redirectWithToast(withoutConfirm(new URL(request.url)), {
    message: "Saved. Existing orders keep their amounts.",
    type: "success",
  });
}

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const confirm = useConfirmStep();
  return (
    <main>
      <StaffPageHeader
        title="Plans"
        description="What /pricing shows and new checkouts charge, in euros and in each other currency. Orders already placed keep their amounts."
      />
      <RatesNote date={loaderData.rates.date} stale={loaderData.rates.stale} />
      <div className="space-y-8">
        {loaderData.plans.map((plan) => {
          const removing =
            confirm.intent === "remove-tier"
              ? plan.tiers.find((tier) => String(tier.id) === confirm.target)
              : undefined;
          return (
            <section
              key={plan.category}
              aria-labelledby={`plan-${plan.category}`}
              className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60"
            >
              <h2 id={`plan-${plan.category}`} className="mb-3 flex items-center gap-2 text-lg font-semibold">
                {plan.title}{" "}
                <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">
                  ({plan.category})
                </span>
                {plan.isActive ? <Pill tone="green">Active</Pill> : <Pill tone="zinc">Hidden</Pill>}
              </h2>
              {actionData?.values.category === plan.category ? (
                <ErrorNote message={replyMessage(actionData)} />
              ) : null}
              {removing ? (
                <ConfirmPanel
                  intent="remove-tier"
                  target={String(removing.id)}
                  title={`Remove the ${removing.downloads || "unlimited"}-download tier of ${plan.title}?`}
                  confirmLabel="Remove tier"
                >
                  <input type="hidden" name="category" value={plan.category} />
                  <p className="text-sm">
                    New buyers can no longer choose it; orders already placed are not affected.
                  </p>
                </ConfirmPanel>
              ) : null}
              <PlanForm plan={plan} />
              <h3 className="mt-6 mb-2 font-semibold">Tiers</h3>
              <ul className="space-y-2">
                {plan.tiers.map((tier) => (
                  <li key={tier.id}>
                    <TierForm category={plan.category} tier={tier} />
                    <TierPricesForm
                      category={plan.category}
                      tierId={tier.id}
                      prices={tier.prices}
                      suggested={loaderData.suggestions[tier.id] ?? {}}
                    />
                  </li>
                ))}
              </ul>
              <div className="mt-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
                <TierForm category={plan.category} nextOrder={plan.tiers.length} />
              </div>
            </section>
          );
        })}
      </div>
    </main>
  );
}
