import { Form } from "react-router";
import { z } from "zod";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  ApplicationDecisionSchema,
  DECISION_MESSAGE_MAX,
} from "~/accounts/creator-application";
import { decideCreatorApplication, listApplications } from "~/accounts/creator-applications.server";
import { requirePermission } from "~/accounts/permissions.server";
import { pageMeta } from "~/components/meta";
import { firstIssueMessage, formReply, replyMessage } from "~/platform/form-reply";
import { parseForm, replyWith } from "~/platform/forms.server";
import { redirectWithToast } from "~/platform/toast.server";
import { notFound, requireConfirmed, UuidSchema } from "../action.server";
import { ConfirmLink, ConfirmPanel, useConfirmStep } from "../components/confirm";
import {
  ErrorNote,
  FilterBar,
  fieldClass,
  formatDateTime,
  labelClass,
  Pagination,
  Pill,
  StaffPageHeader,
  SubmitButton,
} from "../components/staff-ui";
import { ListSearchSchema, listQuerySchema, searchParamsOf } from "../list-query";
import { withoutConfirm } from "../list-url";
import { STAFF_TEXTS } from "../texts";
import { APPLICATION_STATUS_TONES } from "../tones";
import type { Route } from "./+types/creators";

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

export default function Creators({ loaderData, actionData }: Route.ComponentProps) {
  const { applications, filter } = loaderData;
  const confirm = useConfirmStep();
  const declining =
    confirm.intent === "decline"
      ? applications.rows.find((row) => row.application.id === confirm.target)
      : undefined;
  return (
    <main>
      <StaffPageHeader
        title="Creator applications"
        description="Approval makes the applicant a creator; either way they get a mail."
      />
      <ErrorNote message={actionData ? replyMessage(actionData) : null} />
      {declining ? (
        <ConfirmPanel
          intent="decline"
          target={declining.application.id}
          title={`Decline ${declining.email ?? declining.username}?`}
          confirmLabel="Decline and send"
        >
          <label htmlFor="decline-message" className={labelClass}>
            Message to the applicant (required)
          </label>
          <textarea
            id="decline-message"
            name="message"
            rows={3}
            required
            maxLength={DECISION_MESSAGE_MAX}
            className={fieldClass}
            defaultValue={actionData?.values.message}
          />
        </ConfirmPanel>
      ) : null}
      <FilterBar
        q={filter.q}
        placeholder="Email or username"
        selects={[
          {
            name: "status",
            label: "Status",
            value: filter.status ?? "",
            options: [
              { value: "", label: "Any status" },
              ...APPLICATION_STATUSES.map((status) => ({
                value: status,
                label: APPLICATION_STATUS_LABELS[status],
              })),
            ],
          },
          {
            name: "sort",
            label: "Order",
            value: filter.sort,
            options: [
              { value: "oldest", label: "Oldest first" },
              { value: "newest", label: "Newest first" },
            ],
          },
        ]}
      />
      <ul className="space-y-3">
        {applications.rows.map(({ application, email, username, fullName, role }) => (
          <li
            key={application.id}
            className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60"
          >
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
                  <div>
                    <label
                      htmlFor={`approve-note-${application.id}`}
                      className="block text-xs text-zinc-700 dark:text-zinc-300"
                    >
                      Welcome note (optional)
                    </label>
                    <input
                      id={`approve-note-${application.id}`}
                      name="message"
                      maxLength={DECISION_MESSAGE_MAX}
                      className={`${fieldClass} py-1`}
                    />
                  </div>
                  <SubmitButton name="intent" value="approve" className="px-3 py-1.5">
                    Approve
                  </SubmitButton>
                </Form>
                <ConfirmLink intent="decline" target={application.id}>
                  Decline…
                </ConfirmLink>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination page={applications} />
    </main>
  );
}
