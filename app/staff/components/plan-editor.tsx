import { Form } from "react-router";
import {
  DISPLAY_ORDER_MAX,
  PLAN_BADGE_MAX,
  PLAN_SUBTITLE_MAX,
  PLAN_TITLE_MAX,
  TIER_DOWNLOADS_MAX,
} from "~/commerce/pricing/plan-admin";
import type { listAllPlans } from "~/commerce/pricing/plan-admin.server";
import { ConfirmLink } from "./confirm";
import { CheckboxField, TextAreaField, TextField } from "./fields";
import { MoneyInput } from "./money-input";
import { SubmitButton } from "./staff-ui";

type Plan = Awaited<ReturnType<typeof listAllPlans>>[number];
type Tier = Plan["tiers"][number];

/** A plan's texts, its place on /pricing and whether it shows there. */
export function PlanForm({ plan }: { plan: Plan }) {
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="category" value={plan.category} />
      <TextField label="Title" name="title" required maxLength={PLAN_TITLE_MAX} defaultValue={plan.title} />
      <TextField
        label="Badge (optional)"
        name="badge"
        maxLength={PLAN_BADGE_MAX}
        defaultValue={plan.badge ?? ""}
      />
      <TextField
        label="Subtitle"
        name="subtitle"
        required
        maxLength={PLAN_SUBTITLE_MAX}
        defaultValue={plan.subtitle}
        className="sm:col-span-2"
      />
      <TextAreaField
        label="Perks (one a line)"
        name="perks"
        rows={4}
        defaultValue={plan.perks.join("\n")}
        className="sm:col-span-2"
      />
      <TextField
        label="Display order"
        name="displayOrder"
        type="number"
        min={0}
        max={DISPLAY_ORDER_MAX}
        required
        defaultValue={plan.displayOrder}
      />
      <CheckboxField
        label="Shown on /pricing"
        name="isActive"
        defaultChecked={plan.isActive}
        className="pt-6"
      />
      <div className="sm:col-span-2">
        <SubmitButton name="intent" value="update-plan">
          Save plan
        </SubmitButton>
      </div>
    </Form>
  );
}

/** One tier's downloads, price (in euros) and order; without `tier`, the form that adds one. */
export function TierForm({
  category,
  tier,
  nextOrder,
}: {
  category: string;
  tier?: Tier;
  nextOrder?: number;
}) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
        <input type="hidden" name="category" value={category} />
        {tier ? <input type="hidden" name="tierId" value={tier.id} /> : null}
        <TextField
          compact
          label={tier ? "Downloads (0 = unlimited)" : "Downloads"}
          name="downloads"
          type="number"
          min={0}
          max={TIER_DOWNLOADS_MAX}
          required
          defaultValue={tier?.downloads}
          className="w-40"
        />
        <MoneyInput
          compact
          label="Price (euros)"
          name="price"
          required
          cents={tier?.priceCents}
          className="w-32"
        />
        <TextField
          compact
          label="Order"
          name="displayOrder"
          type="number"
          min={0}
          max={DISPLAY_ORDER_MAX}
          required
          defaultValue={tier?.displayOrder ?? nextOrder}
          className="w-20"
        />
        <SubmitButton
          variant="secondary"
          name="intent"
          value={tier ? "update-tier" : "add-tier"}
          className="px-3 py-1"
        >
          {tier ? "Save tier" : "Add tier"}
        </SubmitButton>
      </Form>
      {tier ? (
        <ConfirmLink intent="remove-tier" target={String(tier.id)}>
          Remove
        </ConfirmLink>
      ) : null}
    </div>
  );
}
