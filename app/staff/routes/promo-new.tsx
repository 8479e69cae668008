import { requirePermission } from "~/accounts/routes/permissions.server";
import { NewPromoCodeSchema, PROMO_ADMIN_REFUSALS } from "~/commerce/pricing/promo-admin";
import { createPromoCode } from "~/commerce/pricing/promo-admin.server";
import { pageMeta } from "~/components/meta";
import { formReply } from "~/platform/http/form-reply";
import { readForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { PromoForm } from "../components/promo-form";
import { BackLink, StaffPageHeader } from "../components/staff-ui";
import { parsePromoForm } from "../promo-form.server";
import type { Route } from "./+types/promo-new";

export const meta = () => pageMeta("New promo code · Staff", "Create a promo code.");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-promos");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:manage-promos");
  const parsed = parsePromoForm(await readForm(request), NewPromoCodeSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const result = await createPromoCode({ promo: parsed.data, actorId: actor.id });
  if (!result.ok) {
    const { field, message } = PROMO_ADMIN_REFUSALS[result.reason];
    return replyWith(formReply(null, { fieldErrors: { [field]: message }, values: parsed.values }));
  }
  const { code } = result.value;
  return redirectWithToast(`/staff/promos/${encodeURIComponent(code)}`, {
    message: `Promo code ${code} created.`,
    type: "success",
  });
}

export default function NewPromo({ actionData }: Route.ComponentProps) {
  return (
    <main>
      <BackLink to="/staff/promos">All promo codes</BackLink>
      <StaffPageHeader title="New promo code" />
      <PromoForm
        values={actionData?.values ?? {}}
        reply={actionData}
        submitLabel="Create promo code"
        codeEditable
      />
    </main>
  );
}
