import type { Response } from "express";
import type { ServerRefusal } from "~/platform/http/route-handle";

/** A route's refusal format with the site's address already given (see `RouteHandle.refusal`). */
export type Refusal = (refused: Omit<ServerRefusal, "publicUrl">) => { contentType: string; body: string };
/** The refusal format of the route serving a request, if it has one. */
export type RefusalOf = (res: Response) => Refusal | undefined;

/**
 * Answers a refusal of the server's own, in the route's format when it has one, else with `fallback`
 * (plain text unless given).
 */
export function refuse(
  res: Response,
  refusalOf: RefusalOf,
  status: ServerRefusal["status"],
  detail: string,
  fallback: (res: Response, status: number, detail: string) => void = plainText,
) {
  const format = refusalOf(res);
  if (!format) return fallback(res, status, detail);
  const { contentType, body } = format({ status, detail, requestId: String(res.req.id ?? "") });
  res.status(status).type(contentType).send(body);
}

function plainText(res: Response, status: number, detail: string) {
  res.status(status).type("text/plain").send(detail);
}
