import { z } from "zod";

/**
 * A path on this site to go back to: never another origin ("//evil", "/\\evil"), and printable
 * ASCII only (a browser sends its paths percent-encoded; a control character would break the
 * Location header). Anything else goes back home.
 */
export const ReturnToSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/)
  .catch("/");
