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

/** Security headers for every response, with a fresh CSP nonce per request (res.locals.cspNonce). */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
    ...(options.https
      ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
  ];
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(options, [`'nonce-${nonce}'`]));
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}
