import { Form } from "react-router";
import { z } from "zod";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { normalizePromoCode, PROMO_CODE_MAX } from "~/commerce/checkout/checkout-schema";
import { PROMO_ADMIN_REFUSALS, PromoTermsSchema } from "~/commerce/pricing/promo-admin";
import { findPromoCode, setPromoActive, updatePromoTerms } from "~/commerce/pricing/promo-admin.server";
import { pageMeta } from "~/components/meta";
import { formatMoney } from "~/payments/money";
import { formReply } from "~/platform/http/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { auditHistoryOf } from "../audit-log.server";
import { AuditHistory } from "../components/audit-history";
import { ConfirmLink, ConfirmPanel, useConfirmStep } from "../components/confirm";
import { PromoForm } from "../components/promo-form";
import { BackLink, Pill, StaffPageHeader, SubmitButton } from "../components/staff-ui";
import { eurosValue } from "../money";
import { parsePromoForm } from "../promo-form.server";
import type { Route } from "./+types/promo";
import { notFound, requireConfirmed, urlParam } from "./action.server";

export const meta = () => pageMeta("Promo code · Staff", "Edit a promo code.");

const CodeSchema = z.string().max(PROMO_CODE_MAX).transform(normalizePromoCode);

const CodeParamSchema = CodeSchema.refine((code) => code.length > 0);
const codeOf = (params: { code?: string }) => urlParam(CodeParamSchema, params.code);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-promos");
  const promo = await findPromoCode(codeOf(params));
  if (!promo) throw notFound();
  const history = await auditHistoryOf("promo", promo.code, 20);
  return { promo, history };
}

const IntentSchema = z.object({ intent: z.enum(["update", "activate", "deactivate"]) });

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:manage-promos");
  const code = codeOf(params);
  const form = await readForm(request);
  const back = `/staff/promos/${encodeURIComponent(code)}`;
  const intent = parseFormData(form, IntentSchema);
  if (!intent.ok) return replyWith(formReply("Unknown action."));
  if (intent.data.intent === "update") {
    const parsed = parsePromoForm(form, PromoTermsSchema);
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
    value: promo.type === "fixed" ? eurosValue(promo.value) : String(promo.value),
    expiresAt: localValue(promo.expiresAt),
    maxUses: promo.maxUses === null ? "" : String(promo.maxUses),
    perCustomerLimit: promo.perCustomerLimit === null ? "" : String(promo.perCustomerLimit),
    ...actionData?.values,
  };
  return (
    <main>
      <BackLink to="/staff/promos">All promo codes</BackLink>
      <StaffPageHeader
        title={promo.code}
        description={`${promo.type === "percent" ? `${promo.value}% off` : `${formatMoney(promo.value)} off`} · used ${promo.usesCount}${promo.maxUses !== null ? ` of ${promo.maxUses}` : ""} times`}
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
      <div className="mt-8">
        <AuditHistory entries={history} />
      </div>
    </main>
  );
}
