import { Form } from "react-router";
import { z } from "zod";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  ApplicationDecisionSchema,
  DECISION_MESSAGE_MAX,
} from "~/accounts/applications/creator-application";
import {
  decideCreatorApplication,
  listApplications,
} from "~/accounts/applications/creator-applications.server";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { pageMeta } from "~/components/meta";
import { firstIssueMessage, formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { statusFilter } from "../components/columns";
import { ConfirmLink, ConfirmPanel, useConfirmStep } from "../components/confirm";
import { TextAreaField, TextField } from "../components/fields";
import { StaffListPage } from "../components/list-page";
import { ErrorNote, formatDateTime, Pill, SubmitButton } from "../components/staff-ui";
import { ListSearchSchema, listQuerySchema, searchParamsOf } from "../list-query";
import { withoutConfirm } from "../list-url";
import { STAFF_TEXTS } from "../texts";
import { APPLICATION_STATUS_TONES } from "../tones";
import type { Route } from "./+types/creators";
import { notFound, requireConfirmed, UuidSchema } from "./action.server";

export const meta = () =>
  pageMeta("Creator applications · Staff", "Approve or decline creator applications.");

const ApplicationListSchema = listQuerySchema(
  {
    q: ListSearchSchema,
    // An unknown status shows the pending ones, like no status at all (see the loader).
    status: z.enum(APPLICATION_STATUSES).optional().catch("pending"),
  },
  { sorts: ["oldest", "newest"], defaultSort: "oldest" },
);

const SORTS = {
  oldest: "Applied, oldest first",
  newest: "Applied, newest first",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-creators");
  const params = searchParamsOf(request);
  // Pending first by default: "status=" (any) is an explicit choice.
  const filter = ApplicationListSchema.parse({
    status: "pending",
    ...params,
    ...(params.status === "" ? { status: undefined } : {}),
  });
  return { applications: await listApplications(filter), filter };
}

const DecisionSchema = z.object({
  intent: z.enum(["approve", "decline"]),
  target: UuidSchema,
  message: z.string().optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:manage-creators");
  const parsed = await parseForm(request, DecisionSchema);
  if (!parsed.ok) return replyWith(formReply("Choose an application and a decision."));
  if (parsed.data.intent === "decline") requireConfirmed(parsed.values);
  const values = parsed.values;
  const decision = ApplicationDecisionSchema.safeParse({
    decision: parsed.data.intent,
    message: parsed.data.message,
  });
  if (!decision.success) return replyWith(formReply(firstIssueMessage(decision.error), { values }));
  const result = await decideCreatorApplication({
    applicationId: parsed.data.target,
    decision: decision.data,
    actor,
  });
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    return replyWith(formReply(STAFF_TEXTS.alreadyDecided, { values }), 409);
  }
  return redirectWithToast(withoutConfirm(new URL(request.url)), {
    message:
      result.value.decision === "approve" ? STAFF_TEXTS.applicationApproved : STAFF_TEXTS.applicationDeclined,
    type: "success",
  });
}

type Row = Route.ComponentProps["loaderData"]["applications"]["rows"][number];

function ApplicationItem({ row: { application, email, username, fullName, role } }: { row: Row }) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">
            {fullName || username}{" "}
            <span className="font-normal text-zinc-600 dark:text-zinc-400">
              ({email}, {role})
            </span>
          </p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Applied {formatDateTime(application.createdAt)}
          </p>
        </div>
        <Pill tone={APPLICATION_STATUS_TONES[application.status]}>
          {APPLICATION_STATUS_LABELS[application.status]}
        </Pill>
      </div>
      <p className="mt-2 text-sm">
        Portfolio:{" "}
        <a
          href={application.portfolioUrl}
          rel="noreferrer noopener nofollow"
          target="_blank"
          className="break-all text-brand-800 underline dark:text-brand-300"
        >
          {application.portfolioUrl}
        </a>
      </p>
      <p className="mt-2 whitespace-pre-wrap text-sm">{application.message}</p>
      {application.decisionMessage ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Decision note: {application.decisionMessage}
        </p>
      ) : null}
      {application.status === "pending" ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
            <input type="hidden" name="target" value={application.id} />
            <TextField
              compact
              label="Welcome note (optional)"
              name="message"
              maxLength={DECISION_MESSAGE_MAX}
            />
            <SubmitButton name="intent" value="approve" className="px-3 py-1.5">
              Approve
            </SubmitButton>
          </Form>
          <ConfirmLink intent="decline" target={application.id}>
            Decline…
          </ConfirmLink>
        </div>
      ) : null}
    </>
  );
}

export default function Creators({ loaderData, actionData }: Route.ComponentProps) {
  const { applications, filter } = loaderData;
  const confirm = useConfirmStep();
  const declining =
    confirm.intent === "decline"
      ? applications.rows.find((row) => row.application.id === confirm.target)
      : undefined;
  return (
    <StaffListPage
      title="Creator applications"
      description="Approval makes the applicant a creator; either way they get a mail."
      notice={
        <>
          <ErrorNote message={actionData ? replyMessage(actionData) : null} />
          {declining ? (
            <ConfirmPanel
              intent="decline"
              target={declining.application.id}
              title={`Decline ${declining.email ?? declining.username}?`}
              confirmLabel="Decline and send"
            >
              <TextAreaField
                label="Message to the applicant (required)"
                name="message"
                rows={3}
                required
                maxLength={DECISION_MESSAGE_MAX}
                defaultValue={actionData?.values.message}
              />
            </ConfirmPanel>
          ) : null}
        </>
      }
      search={{ value: filter.q, placeholder: "Email or username" }}
      selects={[statusFilter(filter.status, APPLICATION_STATUSES, APPLICATION_STATUS_LABELS)]}
      sort={{ value: filter.sort, labels: SORTS }}
      page={applications}
      caption="Creator applications"
      rowKey={(row) => row.application.id}
      item={(row) => <ApplicationItem row={row} />}
      empty="No applications match."
    />
  );
}
