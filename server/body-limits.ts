import type { Request, RequestHandler, Response } from "express";
import {
  DEFAULT_BODY_LIMIT_BYTES,
  OVERSIZED_FORM_READ_AWAY_BYTES,
  type RouteHandle,
} from "~/platform/http/route-handle";
import { type RefusalOf, refuse } from "./refusals";

/** The body limit the route serving a request declares (see `RouteHandle.bodyLimit`). */
export type BodyLimitOf = (req: Request, res: Response) => RouteHandle["bodyLimit"];
/** Whether the route answers an oversized body itself (see `RouteHandle.oversizedBody`). */
export type OversizedBodyOf = (req: Request, res: Response) => RouteHandle["oversizedBody"];

/** The sentence of a 413 (a page a person may see: it says what the limit is). */
export function tooLargeMessage(limit: number) {
  const megabytes = Math.max(1, Math.floor(limit / (1024 * 1024)));
  return `This request is too large: up to ${megabytes} MB can be sent here.`;
}

/**
 * Refuses bodies over the route's limit without handing a byte to the route: after reading them away
 * up to OVERSIZED_FORM_READ_AWAY_BYTES, before reading them past it. Bodies without a declared length
 * (chunked) are refused too: browsers always declare it, and it is the only way to know up front.
 * A route with a file in its form answers an oversized body itself, in the form
 * (`res.locals.bodyTooLarge`, handed to the action as `context.bodyTooLarge`).
 */
export function bodyLimits(
  limitOf: BodyLimitOf,
  oversizedOf: OversizedBodyOf = () => undefined,
  refusalOf: RefusalOf = () => undefined,
): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = limitOf(req, res) ?? DEFAULT_BODY_LIMIT_BYTES;
    // Routes that stream a body to storage (tus uploads) enforce their own limits before storing a byte.
    if (limit === "streamed") return next();
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"])
        return refuse(
          res,
          refusalOf,
          411,
          "Declare the body's length with Content-Length: bodies of unknown length are refused.",
        );
      return next();
    }
    const length = Number(declared);
    if (!Number.isFinite(length) || length < 0)
      return refuse(res, refusalOf, 400, "The Content-Length header is not a number of bytes.");
    if (length > limit) {
      if (oversizedOf(req, res) === "form" && length <= OVERSIZED_FORM_READ_AWAY_BYTES) {
        res.locals.bodyTooLarge = true;
        return next();
      }
      if (length <= OVERSIZED_FORM_READ_AWAY_BYTES) {
        // Answered before the body is read, a client still sending meets a closed connection
        // (EPIPE) instead of the 413: read the body away first, then answer on a connection that stays.
        req.once("end", () => refuse(res, refusalOf, 413, tooLargeMessage(limit)));
        req.resume();
        return;
      }
      res.setHeader("Connection", "close");
      return refuse(res, refusalOf, 413, tooLargeMessage(limit));
    }
    next();
  };
}

/**
 * How long a streamed body (an upload) that its answer left unread is still read away: its sender
 * is most likely still sending, and a connection closed on bytes it has not read is reset, which
 * loses the answer before the sender reads it (a 415 for a file that is no video became a network
 * error). A body still arriving after this is cut off with its connection.
 */
export const STREAMED_READ_AWAY_MS = 10_000;

/**
 * Deals with what an answer left of its request's body. An action that answers without reading the
 * form leaves the body paused in the request stream, and the connection (kept alive for the
 * browser's next request) stalls until the server's request timeout. What is left is read away after
 * the answer, on a connection that stays: a form body (within the limits above) whole, a streamed
 * upload for at most `readAwayMs`.
 */
export function drainUnreadBodies(
  limitOf: BodyLimitOf,
  { readAwayMs = STREAMED_READ_AWAY_MS }: { readAwayMs?: number } = {},
): RequestHandler {
  return (req, res, next) => {
    const streamed = limitOf(req, res) === "streamed";
    res.once("finish", () => {
      if (req.complete) return;
      // The app's body reader pauses the stream whenever its buffer is full; nobody reads it now.
      req.removeAllListeners("data");
      req.resume();
      if (!streamed) return;
      const cutOff = setTimeout(() => req.complete || req.socket.destroy(), readAwayMs).unref();
      req.once("close", () => clearTimeout(cutOff));
    });
    next();
  };
}
