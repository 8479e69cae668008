import { z } from "zod";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { pageMeta } from "~/components/meta";
import { formatMoney } from "~/payments/money";
import {
  PAYOUT_RUN_STATUS_LABELS,
  PAYOUT_RUN_TEXTS,
  payoutRunApprovalTexts,
  periodLabel,
} from "~/payouts/runs/payout-runs";
import { approveRun, findPayoutRun, markBankPayoutsSent } from "~/payouts/runs/payout-runs.server";
import { unreadableBankAccounts } from "~/payouts/runs/payout-runs-bank.server";
import { retryPayout } from "~/payouts/runs/payout-runs-transfers.server";
import { cardPaymentEnabled } from "~/platform/config.server";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { countOf } from "~/platform/text/plural";
import { auditHistoryOf } from "../audit-log.server";
import { AuditHistory } from "../components/audit-history";
import { ConfirmPanel, useConfirmStep } from "../components/confirm";
import { ExclusionsTable, PayoutsTable, RunActions, RunSummary } from "../components/payout-run-panels";
import { BackLink, ErrorNote, formatDateTime, Pill, StaffPageHeader } from "../components/staff-ui";
import { PAYOUT_RUN_STATUS_TONES } from "../tones";
import type { Route } from "./+types/payout-run";
import { notFound, requireConfirmed, UuidSchema, urlParam } from "./action.server";

export const meta = () =>
  pageMeta("Payout run · Staff", "A month's payouts, its excluded creators and history.");

const runIdOf = (params: { runId?: string }) => urlParam(UuidSchema, params.runId);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-payouts");
  const runId = runIdOf(params);
  const [view, history] = await Promise.all([findPayoutRun(runId), auditHistoryOf("payout_run", runId)]);
  if (!view) throw notFound();
  const bankProblems = view.totals.bankToSend > 0 ? await unreadableBankAccounts(runId) : [];
  // Stripe transfers are spoken of only where Stripe is configured (bank-only servers have none).
  return { view, history, bankProblems, stripe: cardPaymentEnabled() };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), confirmed: z.string().optional() }),
  z.object({ intent: z.literal("mark-sent"), confirmed: z.string().optional() }),
  z.object({ intent: z.literal("retry"), payoutId: UuidSchema }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, "staff:manage-payouts");
  const runId = runIdOf(params);
  const parsed = parseFormData(await readForm(request), ActionSchema);
  if (!parsed.ok) return replyWith(formReply("Unknown action."));
  const actor = { kind: "staff", userId: user.id } as const;
  const back = `/staff/payouts/${runId}`;
  const input = parsed.data;

  if (input.intent === "retry") {
    const result = await retryPayout({ runId, payoutId: input.payoutId, actor });
    if (!result.ok) {
      if (result.reason === "not_found") throw notFound();
      return replyWith(formReply(PAYOUT_RUN_TEXTS.notRetryable), 409);
    }
    const sent = result.value.outcome === "sent" || result.value.outcome === "already_sent";
    return redirectWithToast(back, {
      message: sent ? PAYOUT_RUN_TEXTS.retrySent : PAYOUT_RUN_TEXTS.retryFailed,
      type: sent ? "success" : "error",
    });
  }

  requireConfirmed(parsed.values);
  if (input.intent === "approve") {
    const result = await approveRun({ runId, actor });
    if (!result.ok) throw notFound();
    return redirectWithToast(back, {
      message: result.value.changed
        ? payoutRunApprovalTexts(cardPaymentEnabled()).approved
        : PAYOUT_RUN_TEXTS.alreadyApproved,
      type: "success",
    });
  }
  const result = await markBankPayoutsSent({ runId, actor });
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    return replyWith(formReply(PAYOUT_RUN_TEXTS.notApproved), 409);
  }
  return redirectWithToast(back, {
    message: result.value.sent > 0 ? PAYOUT_RUN_TEXTS.markedSent : PAYOUT_RUN_TEXTS.nothingToMark,
    type: "success",
  });
}

export default function PayoutRunPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, history, bankProblems, stripe } = loaderData;
  const texts = payoutRunApprovalTexts(stripe);
  const { run, totals } = view;
  const confirm = useConfirmStep();
  const step = confirm.target === run.id ? confirm.intent : null;
  return (
    <main>
      <BackLink to="/staff/payouts">All payout runs</BackLink>
      <StaffPageHeader
        title={`Payouts for ${periodLabel(run.period)}`}
        description={`${countOf(run.payouts, "creator")}, ${formatMoney(run.totalCents)} · ${run.excluded} excluded · proposed ${formatDateTime(run.createdAt)} UTC`}
        actions={
          <Pill tone={PAYOUT_RUN_STATUS_TONES[run.status]}>{PAYOUT_RUN_STATUS_LABELS[run.status]}</Pill>
        }
      />
      <ErrorNote message={actionData ? replyMessage(actionData) : null} />
      {step === "approve" && run.status === "proposed" ? (
        <ConfirmPanel
          intent="approve"
          target={run.id}
          title="Approve this run?"
          confirmLabel="Approve and pay"
        >
          <p className="text-sm">
            {texts.confirm(formatMoney(totals.stripeCents), formatMoney(totals.bankCents))}
          </p>
        </ConfirmPanel>
      ) : null}
      {step === "mark-sent" && totals.bankToSend > 0 ? (
        <ConfirmPanel
          intent="mark-sent"
          target={run.id}
          title="Mark the bank payouts sent?"
          confirmLabel="Mark sent"
        >
          <p className="text-sm">
            Only once the bank accepted the file:{" "}
            {countOf(totals.bankToSend, "payout becomes", "payouts become")} sent and their creators' lines
            paid.
          </p>
        </ConfirmPanel>
      ) : null}
      <div className="mb-6 grid gap-6 lg:grid-cols-2">
        <RunSummary view={view} stripe={stripe} />
        <RunActions view={view} bankProblems={bankProblems} texts={texts} />
      </div>
      <section aria-labelledby="payouts-title" className="mb-8">
        <h2 id="payouts-title" className="mb-2 text-lg font-semibold">
          Payouts
        </h2>
        <PayoutsTable view={view} />
      </section>
      <section aria-labelledby="excluded-title" className="mb-8">
        <h2 id="excluded-title" className="mb-2 text-lg font-semibold">
          Excluded creators
        </h2>
        <ExclusionsTable view={view} />
      </section>
      <AuditHistory entries={history} first={`${formatDateTime(run.createdAt)} · run proposed`} />
    </main>
  );
}
