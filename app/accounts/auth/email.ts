import { z } from "zod";

/** The longest address SMTP carries (RFC 5321 path limit); every e-mail field in the app uses it. */
export const EMAIL_MAX = 254;

/** An e-mail address field: trimmed, required, at most EMAIL_MAX, well-formed. Messages are the form's own. */
export function emailField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(EMAIL_MAX, messages.invalid)
    .pipe(z.email({ error: messages.invalid }));
}
