import { CONTROL_CHARACTER, CONTROL_CHARACTER_BUT_WHITESPACE } from "../text/control-characters";

/** What the client is told when input is refused before it reaches the app. */
export const INPUT_MESSAGES = {
  badPath: "The address contains characters that are not allowed.",
  badQuery: "A query parameter contains characters that are not allowed.",
  badField: "A form field contains characters that are not allowed.",
  badJson: "The request body contains characters that are not allowed.",
  notJson: "The request body is not valid JSON.",
} as const;

/**
 * Why this URL is refused, or null: a path segment that does not decode (`%zz`) or decodes to a
 * control character, or a query name or value with one. Nothing that reaches a loader can carry a
 * NUL into a query, or a CR/LF into a header.
 */
export function urlInputProblem(url: URL): string | null {
  for (const segment of url.pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return INPUT_MESSAGES.badPath;
    }
    if (CONTROL_CHARACTER.test(decoded)) return INPUT_MESSAGES.badPath;
  }
  if (url.search) {
    // URLSearchParams decodes leniently (a stray % stays as it is), so only control characters count.
    for (const [name, value] of url.searchParams) {
      if (CONTROL_CHARACTER.test(name) || CONTROL_CHARACTER.test(value)) return INPUT_MESSAGES.badQuery;
    }
  }
  return null;
}

/**
 * Why a form is refused, or null. Text fields may hold tab and line breaks (a message, a
 * description), never other control characters; names of fields, none at all.
 */
export function formInputProblem(form: FormData): string | null {
  for (const [name, value] of form) {
    if (CONTROL_CHARACTER.test(name)) return INPUT_MESSAGES.badField;
    if (typeof value === "string" && CONTROL_CHARACTER_BUT_WHITESPACE.test(value))
      return INPUT_MESSAGES.badField;
  }
  return null;
}

/** The same for a parsed JSON body, at any depth (object keys included). */
export function jsonInputProblem(value: unknown, depth = 0): string | null {
  if (depth > 32) return INPUT_MESSAGES.badJson;
  if (typeof value === "string")
    return CONTROL_CHARACTER_BUT_WHITESPACE.test(value) ? INPUT_MESSAGES.badJson : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = jsonInputProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARACTER.test(key)) return INPUT_MESSAGES.badJson;
      const problem = jsonInputProblem(item, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}
