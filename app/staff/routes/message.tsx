import { Form } from "react-router";
import { z } from "zod";
import {
  findContactMessage,
  replyToContactMessage,
  setContactMessageStatus,
} from "~/accounts/contact/contact-inbox.server";
import {
  CONTACT_REPLY_MAX,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  ContactReplySchema,
} from "~/accounts/contact/contact-schema";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { pageMeta } from "~/components/meta";
import { firstIssueMessage, formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { SelectField, TextAreaField } from "../components/fields";
import {
  BackLink,
  ErrorNote,
  formatDateTime,
  Pill,
  StaffPageHeader,
  SubmitButton,
} from "../components/staff-ui";
import { STAFF_TEXTS } from "../texts";
import { CONTACT_STATUS_TONES } from "../tones";
import type { Route } from "./+types/message";
import { notFound, UuidSchema, urlParam } from "./action.server";

export const meta = () => pageMeta("Message · Staff", "A contact message and its replies.");

async function load(params: { messageId?: string }) {
  const found = await findContactMessage(urlParam(UuidSchema, params.messageId));
  if (!found) throw notFound();
  return found;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-messages");
  return load(params);
}

const MessageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reply"), body: z.string() }),
  z.object({ intent: z.literal("set-status"), status: z.enum(CONTACT_STATUSES) }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:manage-messages");
  const id = urlParam(UuidSchema, params.messageId);
  const parsed = await parseForm(request, MessageActionSchema);
  if (!parsed.ok) return replyWith(formReply("Write a reply or choose a status."));
  if (parsed.data.intent === "reply") {
    const reply = ContactReplySchema.safeParse(parsed.data);
    if (!reply.success) {
      return replyWith(formReply(firstIssueMessage(reply.error), { values: parsed.values }));
    }
    const result = await replyToContactMessage({ messageId: id, reply: reply.data, actor });
    if (!result.ok) throw notFound();
    return redirectWithToast(`/staff/messages/${id}`, {
      message: STAFF_TEXTS.replySent,
      type: "success",
    });
  }
  const result = await setContactMessageStatus({ messageId: id, status: parsed.data.status, actor });
  if (!result.ok) throw notFound();
  return redirectWithToast(`/staff/messages/${id}`, {
    message: `Marked ${CONTACT_STATUS_LABELS[parsed.data.status].toLowerCase()}.`,
    type: "success",
  });
}

export default function Message({ loaderData, actionData }: Route.ComponentProps) {
  const { message, replies } = loaderData;
  return (
    <main className="max-w-3xl">
      <BackLink to="/staff/messages">All messages</BackLink>
      <StaffPageHeader
        title={message.subject}
        description={`From ${message.username} <${message.email}> · ${formatDateTime(message.createdAt)}`}
      />
      <p className="mb-4">
        <Pill tone={CONTACT_STATUS_TONES[message.status]}>{CONTACT_STATUS_LABELS[message.status]}</Pill>
      </p>
      <article className="whitespace-pre-wrap rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900/60">
        {message.message}
      </article>
      {replies.length > 0 ? (
        <section aria-labelledby="replies-title" className="mt-6">
          <h2 id="replies-title" className="mb-2 text-lg font-semibold">
            Replies
          </h2>
          <ol className="space-y-3">
            {replies.map((reply) => (
              <li key={reply.id}>
                <article className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm dark:border-brand-900 dark:bg-brand-950/40">
                  <h3 className="mb-1 text-xs font-normal text-zinc-600 dark:text-zinc-400">
                    Sent {formatDateTime(reply.createdAt)}
                  </h3>
                  <p className="whitespace-pre-wrap">{reply.body}</p>
                </article>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <section aria-labelledby="reply-title" className="mt-6">
        <h2 id="reply-title" className="mb-2 text-lg font-semibold">
          Reply by mail
        </h2>
        <ErrorNote message={actionData ? replyMessage(actionData) : null} />
        <Form method="post" className="space-y-3">
          <TextAreaField
            label={`Your reply to ${message.email}`}
            name="body"
            rows={6}
            required
            maxLength={CONTACT_REPLY_MAX}
            defaultValue={actionData?.values.body}
          />
          <SubmitButton name="intent" value="reply">
            Send reply
          </SubmitButton>
        </Form>
      </section>
      <Form method="post" className="mt-6 flex flex-wrap items-end gap-2">
        <SelectField
          label="Status"
          name="status"
          defaultValue={message.status}
          options={CONTACT_STATUSES.map((status) => ({
            value: status,
            label: CONTACT_STATUS_LABELS[status],
          }))}
        />
        <SubmitButton variant="secondary" name="intent" value="set-status">
          Update status
        </SubmitButton>
      </Form>
    </main>
  );
}
