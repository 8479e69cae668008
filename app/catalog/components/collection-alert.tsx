import { type FormReply, replyMessage } from "~/platform/http/form-reply";

/** The one line a refused collection form shows, in the same place on every collection page. */
export function CollectionAlert({ reply }: { reply: FormReply | { ok: true } | undefined }) {
  const message = reply && !reply.ok ? replyMessage(reply) : null;
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}
