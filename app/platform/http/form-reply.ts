import type { z } from "zod";

/**
 * What every form is told when its submit is refused: a message per field, a message for the whole
 * form, and what was submitted so the page can fill the fields in again (passwords and files never
 * come back). `parseForm` builds it from a schema's issues; a route builds it with `formReply` when a
 * service refuses. Browser code reads it (`useActionData`, a fetcher), so this file has no server code.
 */
export interface FormReply {
  ok: false;
  formError: string | null;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** Field errors keyed by form field, the first message per field; issues without a path go to "form". */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A schema's first message: for a second check a route makes on fields `parseForm` already read. */
export function firstIssueMessage(error: z.ZodError): string | null {
  return error.issues[0]?.message ?? null;
}

/** A refusal of the whole form (a service's reason mapped to a message), or of some fields. */
export function formReply(
  formError: string | null,
  extra: { fieldErrors?: Record<string, string>; values?: Record<string, string> } = {},
): FormReply {
  return { ok: false, formError, fieldErrors: extra.fieldErrors ?? {}, values: extra.values ?? {} };
}

/** The first message of a reply: for forms that show one line (a toast, an inline error). */
export function replyMessage(reply: FormReply): string | null {
  return reply.formError ?? Object.values(reply.fieldErrors)[0] ?? null;
}

/**
 * A refused form's messages said another way: services and schemas keep their English (tests compare
 * it), and the route says each message in the page's language with its domain's `say`.
 */
export function translatedReply(reply: FormReply, say: (message: string) => string): FormReply {
  return {
    ...reply,
    formError: reply.formError === null ? null : say(reply.formError),
    fieldErrors: Object.fromEntries(
      Object.entries(reply.fieldErrors).map(([field, message]) => [field, say(message)]),
    ),
  };
}
