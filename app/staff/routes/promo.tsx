import { Form, Link } from "react-router";
import { z } from "zod";
import { requirePermission } from "~/accounts/permissions.server";
import { normalizePromoCode, PROMO_CODE_MAX } from "~/commerce/checkout-schema";
import { PROMO_ADMIN_REFUSALS, PromoTermsSchema } from "~/commerce/promo-admin";
import { findPromoCode, setPromoActive, updatePromoTerms } from "~/commerce/promo-admin.server";
import { pageMeta } from "~/components/meta";
import { listAudit } from "~/platform/audit.server";
import { formReply } from "~/platform/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/forms.server";
import { redirectWithToast } from "~/platform/toast.server";
import { notFound, requireConfirmed } from "../action.server";
import { ConfirmLink, ConfirmPanel, useConfirmStep } from "../components/confirm";
import { PromoForm } from "../components/promo-form";
import { formatCents, formatDateTime, Pill, StaffPageHeader, SubmitButton } from "../components/staff-ui";
import type { Route } from "./+types/promo";

export const meta = () => pageMeta("Promo code · Staff", "Edit a promo code.");

const CodeSchema = z.string().max(PROMO_CODE_MAX).transform(normalizePromoCode);

async function codeOf(params: { code?: string }) {
  const code = CodeSchema.safeParse(params.code ?? "");
  if (!code.success || !code.data) throw notFound();
  return code.data;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-promos");
  const promo = await findPromoCode(await codeOf(params));
  if (!promo) throw notFound();
  const history = await listAudit({ targetType: "promo", targetId: promo.code }, 20);
  return { promo, history };
}

const IntentSchema = z.object({ intent: z.enum(["update", "activate", "deactivate"]) });

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:manage-promos");
  const code = await codeOf(params);
  const form = await readForm(request);
  const back = `/staff/promos/${encodeURIComponent(code)}`;
  const intent = parseFormData(form, IntentSchema);
  if (!intent.ok) return replyWith(formReply("Unknown action."));
  if (intent.data.intent === "update") {
    const parsed = parseFormData(form, PromoTermsSchema);
    if (!parsed.ok) return replyWith(parsed.reply);
    const result = await updatePromoTerms({ code, terms: parsed.data, actorId: actor.id });
    if (!result.ok) {
      if (result.reason === "not_found") throw notFound();
      const { field, message } = PROMO_ADMIN_REFUSALS[result.reason];
      return replyWith(formReply(null, { fieldErrors: { [field]: message }, values: parsed.values }));
    }
    return redirectWithToast(back, { message: "Promo code saved.", type: "success" });
  }
  const activate = intent.data.intent === "activate";
  if (!activate) requireConfirmed(intent.values);
  const result = await setPromoActive({ code, active: activate, actorId: actor.id });
  if (!result.ok) throw notFound();
  return redirectWithToast(back, {
    message: activate ? "Promo code active again." : "Promo code deactivated.",
    type: "success",
  });
}

/** datetime-local wants "YYYY-MM-DDTHH:MM" (we store and show UTC). */
const localValue = (date: Date | string | null) => (date ? new Date(date).toISOString().slice(0, 16) : "");

export default function PromoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { promo, history } = loaderData;
  const confirm = useConfirmStep();
  // A refused edit shows what was sent; otherwise the code's current terms.
  const values = {
    type: promo.type,
    value: String(promo.value),
    expiresAt: localValue(promo.expiresAt),
    maxUses: promo.maxUses === null ? "" : String(promo.maxUses),
    perCustomerLimit: promo.perCustomerLimit === null ? "" : String(promo.perCustomerLimit),
    ...actionData?.values,
  };
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
      <StaffPageHeader
        title={promo.code}
        description={`${promo.type === "percent" ? `${promo.value}% off` : `${formatCents(promo.value)} off`} · used ${promo.usesCount}${promo.maxUses !== null ? ` of ${promo.maxUses}` : ""} times`}
        actions={
          promo.isActive ? (
            <ConfirmLink intent="deactivate" target={promo.code}>
              Deactivate
            </ConfirmLink>
          ) : (
            <Form method="post">
              <SubmitButton variant="secondary" name="intent" value="activate">
                Activate again
              </SubmitButton>
            </Form>
          )
        }
      />
      <p className="mb-4">
        {promo.isActive ? <Pill tone="green">Active</Pill> : <Pill tone="zinc">Deactivated</Pill>}
      </p>
      {confirm.intent === "deactivate" && promo.isActive ? (
        <ConfirmPanel
          intent="deactivate"
          target={promo.code}
          title={`Deactivate ${promo.code}?`}
          confirmLabel="Deactivate"
        >
          <p className="text-sm">
            Checkouts stop accepting it at once; orders already placed keep their discount.
          </p>
        </ConfirmPanel>
      ) : null}
      <PromoForm values={values} reply={actionData} submitLabel="Save changes" codeEditable={false} />
      <section aria-labelledby="promo-history" className="mt-8">
        <h2 id="promo-history" className="mb-2 text-lg font-semibold">
          History
        </h2>
        <ul className="space-y-1 text-sm">
          {history.map((entry) => (
            <li key={entry.id}>
              {formatDateTime(entry.createdAt)} · {entry.action} by {entry.actorId}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
