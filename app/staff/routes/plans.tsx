import { Form } from "react-router";
import { z } from "zod";
import { requirePermission } from "~/accounts/permissions.server";
import {
  DISPLAY_ORDER_MAX,
  PLAN_ADMIN_REFUSALS,
  PLAN_BADGE_MAX,
  PLAN_SUBTITLE_MAX,
  PLAN_TITLE_MAX,
  PlanFormSchema,
  TIER_DOWNLOADS_MAX,
  TIER_PRICE_MAX_CENTS,
  TierFormSchema,
} from "~/commerce/plan-admin";
import {
  addTier,
  listAllPlans,
  type PlanAdminResult,
  removeTier,
  updatePlan,
  updateTier,
} from "~/commerce/plan-admin.server";
import { PLAN_CATEGORIES } from "~/commerce/plans";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/forms.server";
import { redirectWithToast } from "~/platform/toast.server";
import { notFound, requireConfirmed, SerialIdSchema } from "../action.server";
import { ConfirmLink, ConfirmPanel, useConfirmStep } from "../components/confirm";
import {
  ErrorNote,
  fieldClass,
  formatCents,
  labelClass,
  Pill,
  StaffPageHeader,
  SubmitButton,
} from "../components/staff-ui";
import { withoutConfirm } from "../list-url";
import type { Route } from "./+types/plans";

export const meta = () => pageMeta("Plans · Staff", "Edit plans and their tiers.");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-plans");
  return { plans: await listAllPlans() };
}

const PlanActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update-plan"), category: z.enum(PLAN_CATEGORIES) }),
  z.object({ intent: z.literal("add-tier"), category: z.enum(PLAN_CATEGORIES) }),
  z.object({ intent: z.literal("update-tier"), category: z.enum(PLAN_CATEGORIES), tierId: SerialIdSchema }),
  z.object({ intent: z.literal("remove-tier"), category: z.enum(PLAN_CATEGORIES), target: SerialIdSchema }),
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
  } else if (input.intent === "remove-tier") {
    requireConfirmed(parsed.values);
    result = await removeTier({ category, tierId: input.target, actorId });
  } else {
    const tier = parseFormData(form, TierFormSchema);
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

const smallField = `${fieldClass} py-1`;

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const confirm = useConfirmStep();
  return (
    <main>
      <StaffPageHeader
        title="Plans"
        description="What /pricing shows and new checkouts charge. Orders already placed keep their amounts."
      />
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
              <Form method="post" className="grid gap-3 sm:grid-cols-2">
                <input type="hidden" name="category" value={plan.category} />
                <div>
                  <label htmlFor={`title-${plan.category}`} className={labelClass}>
                    Title
                  </label>
                  <input
                    id={`title-${plan.category}`}
                    name="title"
                    required
                    maxLength={PLAN_TITLE_MAX}
                    defaultValue={plan.title}
                    className={`mt-1 ${fieldClass}`}
                  />
                </div>
                <div>
                  <label htmlFor={`badge-${plan.category}`} className={labelClass}>
                    Badge (optional)
                  </label>
                  <input
                    id={`badge-${plan.category}`}
                    name="badge"
                    maxLength={PLAN_BADGE_MAX}
                    defaultValue={plan.badge ?? ""}
                    className={`mt-1 ${fieldClass}`}
                  />
                </div>
                <div className="sm:col-span-2">
                  <label htmlFor={`subtitle-${plan.category}`} className={labelClass}>
                    Subtitle
                  </label>
                  <input
                    id={`subtitle-${plan.category}`}
                    name="subtitle"
                    required
                    maxLength={PLAN_SUBTITLE_MAX}
                    defaultValue={plan.subtitle}
                    className={`mt-1 ${fieldClass}`}
                  />
                </div>
                <div className="sm:col-span-2">
                  <label htmlFor={`perks-${plan.category}`} className={labelClass}>
                    Perks (one a line)
                  </label>
                  <textarea
                    id={`perks-${plan.category}`}
                    name="perks"
                    rows={4}
                    defaultValue={plan.perks.join("\n")}
                    className={`mt-1 ${fieldClass}`}
                  />
                </div>
                <div>
                  <label htmlFor={`order-${plan.category}`} className={labelClass}>
                    Display order
                  </label>
                  <input
                    id={`order-${plan.category}`}
                    name="displayOrder"
                    type="number"
                    min={0}
                    max={DISPLAY_ORDER_MAX}
                    required
                    defaultValue={plan.displayOrder}
                    className={`mt-1 ${fieldClass}`}
                  />
                </div>
                <div className="flex items-end gap-2 pb-2">
                  <input
                    id={`active-${plan.category}`}
                    name="isActive"
                    type="checkbox"
                    defaultChecked={plan.isActive}
                    className="size-4 accent-brand-700"
                  />
                  <label htmlFor={`active-${plan.category}`} className={labelClass}>
                    Shown on /pricing
                  </label>
                </div>
                <div className="sm:col-span-2">
                  <SubmitButton name="intent" value="update-plan">
                    Save plan
                  </SubmitButton>
                </div>
              </Form>
              <h3 className="mt-6 mb-2 font-semibold">Tiers</h3>
              <ul className="space-y-2">
                {plan.tiers.map((tier) => (
                  <li key={tier.id} className="flex flex-wrap items-end gap-2">
                    <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
                      <input type="hidden" name="category" value={plan.category} />
                      <input type="hidden" name="tierId" value={tier.id} />
                      <div>
                        <label htmlFor={`downloads-${tier.id}`} className="block text-xs">
                          Downloads (0 = unlimited)
                        </label>
                        <input
                          id={`downloads-${tier.id}`}
                          name="downloads"
                          type="number"
                          min={0}
                          max={TIER_DOWNLOADS_MAX}
                          required
                          defaultValue={tier.downloads}
                          className={`${smallField} w-28`}
                        />
                      </div>
                      <div>
                        <label htmlFor={`price-${tier.id}`} className="block text-xs">
                          Price (cents)
                        </label>
                        <input
                          id={`price-${tier.id}`}
                          name="priceCents"
                          type="number"
                          min={0}
                          max={TIER_PRICE_MAX_CENTS}
                          required
                          defaultValue={tier.priceCents}
                          className={`${smallField} w-32`}
                        />
                      </div>
                      <div>
                        <label htmlFor={`tier-order-${tier.id}`} className="block text-xs">
                          Order
                        </label>
                        <input
                          id={`tier-order-${tier.id}`}
                          name="displayOrder"
                          type="number"
                          min={0}
                          max={DISPLAY_ORDER_MAX}
                          required
                          defaultValue={tier.displayOrder}
                          className={`${smallField} w-20`}
                        />
                      </div>
                      <span className="pb-1.5 text-sm text-zinc-600 dark:text-zinc-400">
                        {formatCents(tier.priceCents)}
                      </span>
                      <SubmitButton
                        variant="secondary"
                        name="intent"
                        value="update-tier"
                        className="px-3 py-1"
                      >
                        Save tier
                      </SubmitButton>
                    </Form>
                    <ConfirmLink intent="remove-tier" target={String(tier.id)}>
                      Remove
                    </ConfirmLink>
                  </li>
                ))}
              </ul>
              <Form
                method="post"
                className="mt-3 flex flex-wrap items-end gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-800"
                preventScrollReset
              >
                <input type="hidden" name="category" value={plan.category} />
                <div>
                  <label htmlFor={`new-downloads-${plan.category}`} className="block text-xs">
                    Downloads
                  </label>
                  <input
                    id={`new-downloads-${plan.category}`}
                    name="downloads"
                    type="number"
                    min={0}
                    max={TIER_DOWNLOADS_MAX}
                    required
                    className={`${smallField} w-28`}
                  />
                </div>
                <div>
                  <label htmlFor={`new-price-${plan.category}`} className="block text-xs">
                    Price (cents)
                  </label>
                  <input
                    id={`new-price-${plan.category}`}
                    name="priceCents"
                    type="number"
                    min={0}
                    max={TIER_PRICE_MAX_CENTS}
                    required
                    className={`${smallField} w-32`}
                  />
                </div>
                <div>
                  <label htmlFor={`new-order-${plan.category}`} className="block text-xs">
                    Order
                  </label>
                  <input
                    id={`new-order-${plan.category}`}
                    name="displayOrder"
                    type="number"
                    min={0}
                    max={DISPLAY_ORDER_MAX}
                    required
                    defaultValue={plan.tiers.length}
                    className={`${smallField} w-20`}
                  />
                </div>
                <SubmitButton variant="secondary" name="intent" value="add-tier" className="px-3 py-1">
                  Add tier
                </SubmitButton>
              </Form>
            </section>
          );
        })}
      </div>
    </main>
  );
}
