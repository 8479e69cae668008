import type { RequestHandler } from "express";
import { type RefusalOf, refuse } from "./refusals";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site. Browsers always send
 * Origin on such requests; scripts that send none are not a cross-site forgery risk.
 */
export function sameOriginWrites(publicUrl: string, refusalOf: RefusalOf = () => undefined): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    const ownOrigin = `${req.protocol}://${req.headers.host}`;
    if (origin === publicOrigin || origin === ownOrigin) return next();
    refuse(res, refusalOf, 403, "Cross-site request refused");
  };
}
