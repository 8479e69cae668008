import http from "node:http";
import type { Duplex } from "node:stream";
import type { RequestHandler } from "express";
import { type RefusalOf, refuse } from "./refusals";
import { refusalPage } from "./unavailable-page";

/**
 * Methods the Fetch API will not make a `Request` of: React Router's request adapter throws on them,
 * which answered 500. Node's parser lets TRACE and TRACK through to the app, and hands CONNECT to
 * the server's "connect" event (see `answerConnectThroughApp`).
 */
const UNFETCHABLE_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** What a refused method's answer allows instead: the methods the app's routes answer. */
export const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

export const METHOD_REFUSED_MESSAGE = (method: string) =>
  `The ${method} method is not answered here: use ${ALLOWED_METHODS}.`;

/**
 * A 405 for a method no route can answer, in the route's own format (the API's problem document)
 * or as the site's error page.
 */
export function refuseUnfetchableMethods(refusalOf: RefusalOf): RequestHandler {
  return (req, res, next) => {
    if (!UNFETCHABLE_METHODS.has(req.method)) return next();
    res.setHeader("Allow", ALLOWED_METHODS);
    res.setHeader("Cache-Control", "no-store");
    // The client may have sent a body; it is not read, and the connection is not reused for it.
    res.setHeader("Connection", "close");
    refuse(res, refusalOf, 405, METHOD_REFUSED_MESSAGE(req.method), refusalPage);
  };
}

/**
 * Node answers a CONNECT by closing the connection unless the server listens for it: the request
 * goes through the app like any other instead, so it gets the same 405 in the route's format. The
 * socket closes after the answer (a CONNECT's connection is never reused).
 */
export function answerConnectThroughApp(app: http.RequestListener) {
  return (req: http.IncomingMessage, socket: Duplex) => {
    const res = new http.ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as import("node:net").Socket);
    res.once("finish", () => {
      res.detachSocket(socket as import("node:net").Socket);
      socket.end();
    });
    socket.once("error", () => socket.destroy());
    app(req, res);
  };
}
