import { createHash } from "node:crypto";
import { config } from "~/platform/config.server";
import { urlInputProblem } from "~/platform/http/input-guard";
import { logger } from "~/platform/logger.server";
import { authenticateApiKey, presentedKey } from "../keys/api-keys.server";
import { type LimitVerdict, limitApiRequest } from "../keys/rate-limits.server";
import { acceptedScopes, type Endpoint, type EndpointCaller, type EndpointFile } from "./endpoint";
import { type InputIssue, parseBody, parseParams, parseQuery } from "./input.server";
import { API_DETAILS, PROBLEMS, type ProblemKind, problemDocument } from "./problems";

export const API_BASE = "/api/v1";

export interface ApiRequestContext {
  requestId: string;
  clientIp: string;
}

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers":
    "ETag, Link, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, X-Request-Id",
};

interface Route {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
}

/** Paths with fewer parameters first, so /clips/search wins over /clips/{id}. */
export function compileRoutes(endpoints: readonly Endpoint[]): Route[] {
  return [...endpoints]
    .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))
    .map((endpoint) => {
      const names: string[] = [];
      const source = endpoint.path
        .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\\?\{(\w+)\\?\}/g, (_m, name) => {
          names.push(name);
          return "([^/]+)";
        });
      return { endpoint, pattern: new RegExp(`^${source.replace(/\\\{|\\\}/g, "")}$`), names };
    });
}

function problemResponse(
  kind: ProblemKind,
  detail: string,
  context: ApiRequestContext,
  extra: { headers?: Record<string, string>; errors?: InputIssue[]; instance?: string } = {},
) {
  const { status } = PROBLEMS[kind];
  const body = problemDocument(
    kind,
    detail,
    { requestId: context.requestId, publicUrl: config().PUBLIC_URL },
    extra,
  );
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/problem+json; charset=utf-8",
      "Cache-Control": "no-store",
      ...extra.headers,
    },
  });
}

function etagOf(text: string) {
  return `W/"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
}

function matchesEtag(header: string | null, etag: string) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/** The caller of the request, or why it is refused (a key given but not valid is never ignored). */
async function callerOf(request: Request): Promise<{ caller: EndpointCaller | null } | { refused: string }> {
  const header = request.headers.get("Authorization");
  if (header === null) return { caller: null };
  const presented = presentedKey(header);
  if (!presented) return { refused: API_DETAILS.authMalformed };
  const result = await authenticateApiKey(presented);
  return result.ok ? { caller: result.value } : { refused: API_DETAILS.keyRefused };
}

/** In lower case, as a kept answer's stored headers are (HTTP's names are case-insensitive). */
export function limitHeaders(verdict: LimitVerdict): Record<string, string> {
  return {
    "ratelimit-limit": String(verdict.limit),
    "ratelimit-remaining": String(verdict.remaining),
    "ratelimit-reset": String(verdict.resetSeconds),
    "ratelimit-policy": `${verdict.limit};w=${verdict.windowSeconds}`,
  };
}

/** A read with a key is the key owner's business; without one, anyone's cache may keep it a minute. */
export const readCacheControl = (withKey: boolean) => (withKey ? "private, no-cache" : "public, max-age=60");

/**
 * Answers one request under /api/v1: finds the endpoint, identifies the key, applies the rate
 * limits, checks the scope, reads the input with the endpoint's schemas and maps the service's
 * answer to HTTP (problem details for every refusal, ETag on reads, CORS on reads).
 */
export async function handleApiRequest(
  request: Request,
  context: ApiRequestContext,
  routes: readonly Route[],
): Promise<Response> {
  const url = new URL(request.url);
  const refused = urlInputProblem(url);
  if (refused) return problemResponse("bad-request", refused, context);
  const path = url.pathname.slice(API_BASE.length) || "/";
  const atPath = routes.flatMap((route) => {
    const match = route.pattern.exec(path);
    if (!match) return [];
    const params = Object.fromEntries(
      route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
    );
    return [{ endpoint: route.endpoint, params }];
  });
  if (atPath.length === 0) return problemResponse("not-found", API_DETAILS.noRoute, context);
  const readable = atPath.some(({ endpoint }) => endpoint.method === "GET");
  const cors: Record<string, string> = readable ? CORS_HEADERS : {};
  const allowed: string[] = [...new Set(atPath.map(({ endpoint }) => endpoint.method))];
  if (allowed.includes("GET")) allowed.push("HEAD");

  if (request.method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: {
        Allow: [...allowed, "OPTIONS"].join(", "),
        ...(readable
          ? {
              ...cors,
              "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
              "Access-Control-Allow-Headers": "Authorization, If-None-Match, X-Request-Id",
              "Access-Control-Max-Age": "600",
            }
          : {}),
      },
    });
  }
  const method = request.method === "HEAD" ? "GET" : request.method;
  const found = atPath.find(({ endpoint }) => endpoint.method === method);
  if (!found) {
    return problemResponse("method-not-allowed", API_DETAILS.method(allowed.join(", ")), context, {
      headers: { ...cors, Allow: allowed.join(", ") },
    });
  }
  const { endpoint } = found;
  const identified = await callerOf(request);
  const caller = "caller" in identified ? identified.caller : null;
  const verdict = await limitApiRequest({
    keyId: caller?.keyId ?? null,
    userId: caller?.userId ?? null,
    clientIp: context.clientIp,
  });
  const headers = { ...cors, ...limitHeaders(verdict), Vary: "Authorization" };
  if (!verdict.allowed) {
    return problemResponse("too-many-requests", API_DETAILS.rateLimited(verdict.resetSeconds), context, {
      headers: { ...headers, "Retry-After": String(verdict.resetSeconds) },
    });
  }
  const challenge = { "WWW-Authenticate": 'Bearer realm="verdeo-api"' };
  if ("refused" in identified)
    return problemResponse("unauthorized", identified.refused, context, {
      headers: { ...headers, ...challenge },
    });
  const scopes = acceptedScopes(endpoint);
  if (scopes && !caller)
    return problemResponse("unauthorized", API_DETAILS.keyMissing, context, {
      headers: { ...headers, ...challenge },
    });
  if (scopes && caller && !scopes.some((scope) => caller.scopes.includes(scope)))
    return problemResponse("insufficient-scope", API_DETAILS.scope(scopes.join("` or `")), context, {
      headers,
    });

  const params = parseParams(endpoint.params, found.params);
  const query = parseQuery(endpoint.query, url.searchParams);
  const body = params.ok && query.ok ? await parseBody(endpoint.body, request) : null;
  if (!params.ok || !query.ok || !body?.ok) {
    const failed = [params, query, body].find((parsed) => parsed && !parsed.ok) as Extract<
      typeof params,
      { ok: false }
    >;
    const kind = failed.unsupportedType ? "unsupported-media-type" : "bad-request";
    return problemResponse(kind, failed.detail ?? API_DETAILS.badInput, context, {
      headers,
      errors: failed.issues,
    });
  }

  let answer: Awaited<ReturnType<Endpoint["run"]>>;
  try {
    answer = await endpoint.run({
      params: params.value,
      query: query.value,
      body: body.value,
      caller,
      origin: new URL(config().PUBLIC_URL).origin,
    });
  } catch (error) {
    logger.error({ err: error, operation: endpoint.operationId }, "an API request failed");
    return problemResponse("internal-error", API_DETAILS.internal, context, { headers });
  }
  if ("problem" in answer) return problemResponse(answer.problem, answer.detail, context, { headers });
  if ("file" in answer)
    return fileResponse(answer.file, endpoint.produces ?? "application/octet-stream", request, headers);
  if (answer.status === 204) return new Response(null, { status: 204, headers });
  const text = JSON.stringify(answer.body);
  const status = answer.status ?? 200;
  const cache = readCacheControl(caller !== null);
  if (method === "GET" && status === 200) {
    const etag = etagOf(text);
    const readHeaders = { ...headers, ETag: etag, "Cache-Control": cache };
    if (matchesEtag(request.headers.get("If-None-Match"), etag))
      return new Response(null, { status: 304, headers: readHeaders });
    return new Response(request.method === "HEAD" ? null : text, {
      status,
      headers: { ...readHeaders, "Content-Type": "application/json; charset=utf-8" },
    });
  }
  return new Response(text, {
    status,
    headers: { ...headers, "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A file for the key's owner alone: never cached by anyone else, opened by its own viewer. */
function fileResponse(
  file: EndpointFile,
  contentType: string,
  request: Request,
  headers: Record<string, string>,
) {
  return new Response(request.method === "HEAD" ? null : new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `inline; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export { problemResponse };
