import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

export interface SecurityOptions {
  https: boolean;
  development: boolean;
  /** The origin of MEDIA_BASE_URL, where pages' images and videos come from besides the site. */
  mediaOrigin?: string;
}

/**
 * The Content-Security-Policy with the given script sources besides 'self': a fresh nonce for a
 * rendered page, the hashes of its inline scripts for a page-cache copy (the same bytes for every
 * visitor, docs/decisions/0002). In development Vite injects inline scripts of its own, so scripts
 * are not restricted there.
 */
export function contentSecurityPolicy(options: SecurityOptions, scriptSources: string[]) {
  const scriptSrc = options.development ? "'self' 'unsafe-inline'" : ["'self'", ...scriptSources].join(" ");
  const media = options.mediaOrigin ? ` ${options.mediaOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${media}`,
    `media-src 'self' blob:${media}`,
    "font-src 'self'",
    `connect-src 'self'${options.development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The build's hashed scripts and styles: never shown as documents, so the document headers (CSP,
 * framing, referrer, opener, permissions) do nothing on them, while on a slow line each page's
 * thirty-odd files would carry some 20 KB of them (docs/decisions/0034-lean-asset-headers.md).
 * `nosniff` stays: it is what makes a browser refuse a script served as another type.
 */
export const SUBRESOURCE_PATH = /^\/assets\/[^/]+\.(?:js|css)$/;

/**
 * The public API answers JSON, never a page: a policy that lets it load and frame nothing (what a
 * browser that opens one needs) replaces a page's headers and nonce, about 600 bytes and a fresh
 * random nonce less on every keyed read (docs/decisions/0034-lean-asset-headers.md).
 */
const API_PATH = /^\/api\/v1\//;
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers for every response, with a fresh CSP nonce per request (res.locals.cspNonce);
 * a hashed script or style gets `nosniff` alone, and an API answer a policy of its own.
 */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  const transport: [string, string][] = options.https
    ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]]
    : [];
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
    ...transport,
  ];
  return (req, res, next) => {
    if (SUBRESOURCE_PATH.test(req.path)) {
      res.setHeader("X-Content-Type-Options", "nosniff");
      return next();
    }
    if (API_PATH.test(req.path)) {
      res.setHeader("Content-Security-Policy", API_POLICY);
      res.setHeader("X-Content-Type-Options", "nosniff");
      for (const [name, value] of transport) res.setHeader(name, value);
      return next();
    }
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(options, [`'nonce-${nonce}'`]));
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}
