import { data } from "react-router";
import { z } from "zod";
import { formReply } from "~/platform/http/form-reply";
import { replyWith } from "~/platform/http/forms.server";

/** Staff action plumbing shared by the console's routes (forms themselves go through `parseForm`). */

export function notFound() {
  return data(null, { status: 404, statusText: "Not Found" });
}

/**
 * Destructive intents need the confirm step's `confirmed=yes` (read from the parsed form's values).
 * Only a forged post lacks it, so it is thrown: the page's error boundary answers, not the form.
 */
export function requireConfirmed(values: Record<string, string>) {
  if (values.confirmed !== "yes") throw replyWith(formReply("Please confirm this action first."));
}

/** Ids in forms and URLs: bounded before they reach a query. */
export const UuidSchema = z.uuid();
export const SerialIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

/** A URL parameter read with its schema: anything else is a page that does not exist (404). */
export function urlParam<T>(schema: z.ZodType<T>, value: string | undefined): T {
  const parsed = schema.safeParse(value ?? "");
  if (!parsed.success) throw notFound();
  return parsed.data;
}
