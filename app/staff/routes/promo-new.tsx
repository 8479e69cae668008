import { data, Link } from "react-router";
import { requirePermission } from "~/accounts/permissions.server";
import { createPromoCode } from "~/commerce/promo-admin.server";
import { pageMeta } from "~/components/meta";
import { redirectWithToast } from "~/platform/toast.server";
import { readStaffForm } from "../action.server";
import { PromoForm } from "../components/promo-form";
import { StaffPageHeader } from "../components/staff-ui";
import type { Route } from "./+types/promo-new";

export const meta = () => pageMeta("New promo code · Staff", "Create a promo code.");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-promos");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:manage-promos");
  const form = await readStaffForm(request);
  const result = await createPromoCode({ form, actorId: actor.id });
  if (!result.ok) {
    if (result.reason === "not_found") throw data(null, { status: 404 });
    return data({ error: result.message, field: result.field, values: form }, { status: 400 });
  }
  return redirectWithToast(`/staff/promos/${encodeURIComponent(result.promo.code)}`, {
    message: `Promo code ${result.promo.code} created.`,
    type: "success",
  });
}

export default function NewPromo({ actionData }: Route.ComponentProps) {
  return (
    <main>
      <p className="mb-2 text-sm">
        <Link
          to="/staff/promos"
          className="text-brand-800 underline-offset-4 hover:underline dark:text-brand-300"
        >
          ← All promo codes
        </Link>
      </p>
      <StaffPageHeader title="New promo code" />
      <PromoForm
        values={actionData?.values ?? {}}
        error={actionData?.error}
        field={actionData?.field}
        submitLabel="Create promo code"
        codeEditable
      />
    </main>
  );
}
