import { data } from "react-router";
import type { z } from "zod";
import { type FormReply, fieldErrors, formReply } from "./form-reply";
import { formInputProblem } from "./input-guard";

/**
 * The request's form fields. A body that is not a form (wrong content type, malformed multipart), or
 * one with control characters in its fields, is the client's mistake: answer 400 instead of letting
 * it reach a query and surface as a server error. (The body's size is capped before it gets here.)
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ error: "The request body is not a valid form." }, { status: 400 });
  }
  const problem = formInputProblem(form);
  if (problem) throw data({ error: problem }, { status: 400 });
  return form;
}

export type ParsedForm<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; reply: FormReply };

/** Fields whose values are never sent back to the page for re-filling. */
const SECRET_FIELD = /password|token|secret/i;

/**
 * Reads the form once (through `readForm`), validates it with `schema` and answers the one reply
 * shape every form shows. The schema sees each field as a string, a field sent more than once as
 * an array of them, and a file as a `File`. A forged duplicate of a single-valued field therefore
 * fails the schema rather than overriding the real one.
 */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<ParsedForm<z.output<S>>> {
  return parseFormData(await readForm(request), schema);
}

/** The same for a form already read (a route that looks at an intent field first). */
export function parseFormData<S extends z.ZodType>(form: FormData, schema: S): ParsedForm<z.output<S>> {
  const input: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key);
    input[key] = all.length === 1 ? (all[0] as FormDataEntryValue) : all;
  }
  const values = formValues(form);
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const errors = fieldErrors(parsed.error);
  const { form: formError = null, ...fields } = errors;
  return { ok: false, reply: formReply(formError, { fieldErrors: fields, values }) };
}

/**
 * What was submitted, to fill the fields in again: each field's first text value, never a secret
 * or a file. For a form answered before (or without) a schema, e.g. a button that succeeded.
 */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of new Set(form.keys())) {
    const first = form.get(key);
    if (typeof first === "string" && !SECRET_FIELD.test(key)) values[key] = first;
  }
  return values;
}

/** A refused form as a 400 answer (or another status a route chose). */
export function replyWith(reply: FormReply, status = 400) {
  return data(reply, { status });
}
