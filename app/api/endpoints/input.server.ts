import type { z } from "zod";
import { INPUT_MESSAGES, jsonInputProblem } from "~/platform/http/input-guard";
import { API_DETAILS } from "./problems";

export type InputIssue = { parameter: string; message: string };
export type Parsed<T> =
  | { ok: true; value: T }
  | { ok: false; issues: InputIssue[]; detail?: string; unsupportedType?: true };

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** True when the schema (under optional/default/pipe) reads a list, i.e. a repeatable parameter. */
function readsList(schema: z.ZodType): boolean {
  let def = defOf(schema);
  for (let depth = 0; depth < 8; depth++) {
    if (def.type === "array") return true;
    const inner = def.innerType ?? def.in;
    if (!inner) return false;
    def = defOf(inner);
  }
  return false;
}

const shapeOf = (schema: z.ZodType | undefined) =>
  ((schema as z.ZodObject | undefined)?.shape ?? {}) as Record<string, z.ZodType>;

function issuesOf(error: z.ZodError, prefix = ""): InputIssue[] {
  return error.issues.map((issue) => ({
    parameter: prefix + (issue.path.map(String).join(".") || "body"),
    message: issue.message,
  }));
}

/**
 * The query string as the endpoint's schema reads it: lists from repeated names, single values
 * once only; a name the endpoint does not know is refused rather than silently ignored.
 */
export function parseQuery<T>(schema: z.ZodType<T> | undefined, params: URLSearchParams): Parsed<T> {
  const shape = shapeOf(schema);
  // Names come from the client: neither the shape nor the values may answer to Object.prototype's
  // members (`constructor`, `__proto__`, `toString`…), so no name is looked up through a prototype.
  const raw: Record<string, unknown> = Object.create(null);
  const issues: InputIssue[] = [];
  for (const name of new Set(params.keys())) {
    const field = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (!field) {
      issues.push({ parameter: name.slice(0, 64), message: "This endpoint has no such parameter." });
      continue;
    }
    const values = params.getAll(name);
    if (readsList(field)) raw[name] = values;
    else if (values.length > 1) issues.push({ parameter: name, message: "Give this parameter once." });
    else raw[name] = values[0];
  }
  if (issues.length) return { ok: false, issues };
  if (!schema) return { ok: true, value: {} as T };
  const result = schema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: issuesOf(result.error) };
}

export function parseParams<T>(schema: z.ZodType<T> | undefined, params: Record<string, string>): Parsed<T> {
  if (!schema) return { ok: true, value: {} as T };
  const result = schema.safeParse(params);
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: issuesOf(result.error) };
}

/** A JSON body: the right type, parseable, without control characters, then the schema. */
export async function parseBody<T>(schema: z.ZodType<T> | undefined, request: Request): Promise<Parsed<T>> {
  if (!schema) return { ok: true, value: undefined as T };
  const type = request.headers.get("Content-Type") ?? "";
  const text = await request.text();
  let value: unknown = {};
  if (text.trim()) {
    if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type))
      return { ok: false, issues: [], detail: API_DETAILS.notJson, unsupportedType: true };
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, issues: [], detail: API_DETAILS.invalidJson };
    }
    const problem = jsonInputProblem(value);
    if (problem) return { ok: false, issues: [{ parameter: "body", message: INPUT_MESSAGES.badJson }] };
  }
  const result = schema.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: issuesOf(result.error) };
}
