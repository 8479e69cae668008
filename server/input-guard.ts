import type { RequestHandler } from "express";
import { urlInputProblem } from "~/platform/http/input-guard";

/**
 * The one guard every request passes before the app: a path or query with control characters or
 * broken percent-encoding is a 400 with a plain message, before a loader can put it in a query or
 * a header. Form fields are checked where forms are read (readForm), JSON where it is read.
 */
export function inputGuard(
  /** Routes that check the URL themselves, to answer in their own format (the API's problem documents). */
  checksItsOwnUrl: (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => boolean = () =>
    false,
): RequestHandler {
  return (req, res, next) => {
    if (checksItsOwnUrl(req, res)) return next();
    let problem: string | null;
    try {
      problem = urlInputProblem(new URL(req.originalUrl, "http://verdeo.invalid"));
    } catch {
      problem = "The address is not valid.";
    }
    if (!problem) return next();
    res.status(400).setHeader("Cache-Control", "no-store");
    res.type("text/plain").send(problem);
  };
}
