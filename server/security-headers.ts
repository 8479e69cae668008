import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * Security headers for every response, with a fresh CSP nonce per request (res.locals.cspNonce).
 * In development Vite injects inline scripts of its own, so scripts are not nonce-restricted there.
 */
export function securityHeaders(options: { https: boolean; development: boolean }): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const scriptSrc = options.development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
    const csp = [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "font-src 'self'",
      `connect-src 'self'${options.development ? " ws: wss:" : ""}`,
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (options.https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
