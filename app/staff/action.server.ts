import { data } from "react-router";
import { z } from "zod";
import { readForm } from "~/platform/forms.server";

/** Staff action plumbing shared by the console's routes. */
export type FormFields = Record<string, string>;

/** The posted form as plain strings (a file field is refused as bad input, not stored). */
export async function readStaffForm(request: Request): Promise<FormFields> {
  const form = await readForm(request);
  const fields: FormFields = {};
  for (const [key, value] of form) {
    if (typeof value !== "string") throw badRequest("Files are not accepted here.");
    // The first value wins: a forged duplicate field cannot override the real one.
    if (!(key in fields)) fields[key] = value;
  }
  return fields;
}

export function badRequest(message: string) {
  return data({ error: message }, { status: 400 });
}

export function notFound() {
  return data(null, { status: 404, statusText: "Not Found" });
}

/** Destructive intents need the confirm step's `confirmed=yes`. */
export function requireConfirmed(fields: FormFields) {
  if (fields.confirmed !== "yes") throw badRequest("Please confirm this action first.");
}

/** Ids in forms and URLs: bounded before they reach a query. */
export const UuidSchema = z.uuid();
export const SerialIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
