/**
 * What PostgreSQL answers when a value it was given cannot be stored or compared: the client's
 * mistake that slipped past a route's validation, never a crash of ours. Each SQLSTATE maps to a
 * sentence for the person who sent it; every other code is a bug and stays a 500.
 */
export const DATABASE_INPUT_MESSAGES = {
  /** invalid_text_representation: e.g. "abc" for an integer or a uuid. */
  "22P02": "A value in the request is not in the expected format.",
  /** numeric_value_out_of_range: e.g. 2^31 for an integer column. */
  "22003": "A number in the request is out of range.",
  /** string_data_right_truncation: longer than the column allows. */
  "22001": "A value in the request is too long.",
  /** character_not_in_repertoire: an invalid byte sequence for UTF-8. */
  "22021": "The request contains characters that are not allowed.",
  /** untranslatable_character: a NUL in text. */
  "22P05": "The request contains characters that are not allowed.",
  /** foreign_key_violation: an id of something that does not exist (or no longer does). */
  "23503": "The request refers to something that does not exist.",
  /** check_violation: a value a table's rule refuses. */
  "23514": "A value in the request is not allowed.",
} as const;

export type DatabaseInputCode = keyof typeof DATABASE_INPUT_MESSAGES;

export interface DatabaseInputProblem {
  code: DatabaseInputCode;
  message: string;
  /** The constraint PostgreSQL named, for the log (23503, 23514). */
  constraint?: string;
}

const isInputCode = (code: unknown): code is DatabaseInputCode =>
  typeof code === "string" && Object.hasOwn(DATABASE_INPUT_MESSAGES, code);

/**
 * The input problem behind an error, or null: the PostgreSQL error itself or one it is wrapped in
 * (Drizzle wraps the driver's error as `cause`), a few levels deep at most.
 */
export function databaseInputProblem(error: unknown): DatabaseInputProblem | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    // A driver error carries a severity as well; a Node system error's code (ENOENT…) never matches.
    if (isInputCode(code) && "severity" in current) {
      return {
        code,
        message: DATABASE_INPUT_MESSAGES[code],
        ...(typeof constraint === "string" ? { constraint } : {}),
      };
    }
    current = cause;
  }
  return null;
}
