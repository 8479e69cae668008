import type { RequestHandler } from "express";

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Avatar uploads: the 5 MB image plus the multipart envelope. */
export const UPLOAD_LIMIT_BYTES = 6 * 1024 * 1024;

/**
 * Refuses bodies over the limit before a byte is read. Bodies without a declared length
 * (chunked) are refused too: browsers always declare it, and it is the only way to know up front.
 */
export function bodyLimits(uploadPaths: RegExp, streamedPaths?: RegExp): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    // Routes that stream a body to storage (tus uploads) enforce their own limits before storing a byte.
    if (streamedPaths?.test(req.path)) return next();
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"]) return void res.status(411).send("Length Required");
      return next();
    }
    const length = Number(declared);
    const limit = uploadPaths.test(req.path) ? UPLOAD_LIMIT_BYTES : BODY_LIMIT_BYTES;
    if (!Number.isFinite(length) || length < 0) return void res.status(400).send("Bad Request");
    if (length > limit) {
      res.setHeader("Connection", "close");
      return void res.status(413).send("Payload Too Large");
    }
    next();
  };
}

/**
 * Deals with what an answer left of its request's body. An action that answers without reading the
 * form leaves the body paused in the request stream, and the connection (kept alive for the
 * browser's next request) stalls until the server's request timeout. A form body (within the limits
 * above) is read away after the answer; a streamed upload may be large, so its connection is closed
 * with the answer instead.
 */
export function drainUnreadBodies(streamedPaths?: RegExp): RequestHandler {
  return (req, res, next) => {
    if (streamedPaths?.test(req.path)) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        if (!req.complete) res.setHeader("Connection", "close");
        return writeHead.apply(this, args);
      } as typeof writeHead;
      return next();
    }
    res.once("finish", () => {
      if (req.complete) return;
      // The app's body reader pauses the stream whenever its buffer is full; nobody reads it now.
      req.removeAllListeners("data");
      req.resume();
    });
    next();
  };
}
