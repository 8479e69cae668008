/**
 * What a service returns: its value, or the reason it refused in the domain's own words
 * (`clip_not_found`, `already_reviewed`), never an HTTP status or a sentence for the screen. The
 * route maps each reason to a status and a message; the CLI and the staff console map them their way.
 */
export type Result<T, Reason extends string> = { ok: true; value: T } | { ok: false; reason: Reason };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail<Reason extends string>(reason: Reason): { ok: false; reason: Reason } {
  return { ok: false, reason };
}
