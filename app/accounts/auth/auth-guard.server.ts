import { z } from "zod";
import { INPUT_MESSAGES, jsonInputProblem } from "~/platform/http/input-guard";
import { enforceRateLimit, enforceRateLimitRules } from "~/platform/http/rate-limit-policies";
import { readerLocale } from "~/platform/i18n/negotiate";
import { MESSAGES } from "../messages";
import { AUTH_BASE_PATH, auth } from "./auth.server";
import { requestPasswordReset } from "./password-reset.server";
import { recordSignInFailure, signInLock, throttleSignIn } from "./sign-in.server";

type Guard = (request: Request, ip: string) => Promise<Response>;

const json = (body: unknown, status = 200, headers: HeadersInit = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

const tooMany = (retryAfterSeconds: number) =>
  json({ code: "TOO_MANY_REQUESTS", message: MESSAGES.tooManyAttempts }, 429, {
    "Retry-After": String(Math.max(1, retryAfterSeconds)),
  });

const badRequest = (message: string) => json({ code: "BAD_REQUEST", message }, 400);

/** The JSON body, checked for control characters; a Response when it is refused. */
async function readJson<T>(request: Request, schema: z.ZodType<T>): Promise<T | Response> {
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return badRequest(INPUT_MESSAGES.notJson);
  }
  const problem = jsonInputProblem(body);
  if (problem) return badRequest(problem);
  const parsed = schema.safeParse(body);
  return parsed.success
    ? parsed.data
    : badRequest(parsed.error.issues[0]?.message ?? "Invalid request body.");
}

const handle = (request: Request) => auth().handler(request);

/** Passed to the library as they are, after the IP limit of `policy` when one is given. */
const limitedBy =
  (policy?: "sign_in" | "mailed_token"): Guard =>
  async (request, ip) => {
    if (policy) {
      const limit = await enforceRateLimit(policy, { ip });
      if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
    }
    return handle(request);
  };

const EmailBodySchema = z.object({ email: z.string().max(320) }).loose();

/** The same admission and failure counts as the log-in form: one lock per account, whichever path. */
const signInEmail: Guard = async (request, ip) => {
  const body = await readJson(
    request,
    z.object({ email: z.string().max(320), password: z.string() }).loose(),
  );
  if (body instanceof Response) return body;
  const attempt = await throttleSignIn(ip);
  if (!attempt.allowed) return tooMany(attempt.retryAfterSeconds);
  const lock = await signInLock(body.email, ip);
  if (!lock.allowed) return tooMany(lock.retryAfterSeconds);
  const response = await handle(request);
  if (response.status === 401) await recordSignInFailure(body.email, ip);
  return response;
};

/** The same service as /forgot-password: the same limits, the same answer whether or not the account exists. */
const requestReset: Guard = async (request, ip) => {
  const body = await readJson(request, EmailBodySchema);
  if (body instanceof Response) return body;
  const limit = await enforceRateLimit("password_reset", { ip });
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  await requestPasswordReset({
    email: body.email,
    headers: request.headers,
    language: readerLocale(request, null),
  });
  return json({ status: true, message: MESSAGES.resetRequested });
};

/** Verification mails: over the address's limit the answer stays the same and nothing is sent. */
const sendVerification: Guard = async (request, ip) => {
  const body = await readJson(request, EmailBodySchema);
  if (body instanceof Response) return body;
  const limits = await enforceRateLimitRules("verification_mail", {
    ip,
    account: body.email.trim().toLowerCase(),
  });
  const byIp = limits.get("ip");
  if (!byIp?.allowed) return tooMany(byIp?.retryAfterSeconds ?? 60);
  if (!limits.get("account")?.allowed) return json({ status: true });
  return handle(request);
};

/**
 * The endpoints of the auth library that are reachable over HTTP, each with its guard. Everything
 * else it offers (sign-up, which our own transaction does; account updates, session lists, token
 * endpoints) answers 404: an endpoint the app does not use is an endpoint nobody watches. Add one
 * here, with its rate-limit policy, when a page starts to use it.
 */
const ENDPOINTS: Record<string, Guard> = {
  "GET /get-session": limitedBy(),
  "POST /sign-out": limitedBy(),
  "GET /ok": limitedBy(),
  "GET /error": limitedBy(),
  "POST /sign-in/email": signInEmail,
  "POST /sign-in/social": limitedBy("sign_in"),
  "POST /request-password-reset": requestReset,
  "POST /reset-password": limitedBy("mailed_token"),
  "POST /send-verification-email": sendVerification,
  "GET /verify-email": limitedBy("mailed_token"),
};

/** OAuth providers come back here (social providers, and the generic plugin in tests). */
const CALLBACK = /^\/(?:oauth2\/)?callback\/[a-z0-9-]{1,40}$/;
const RESET_LINK = /^\/reset-password\/[\w-]{1,200}$/;

/** Answers a request to /api/auth/*: guarded and passed to the library, or 404. */
export async function handleAuthRequest(request: Request, ip: string): Promise<Response> {
  const path = new URL(request.url).pathname.slice(AUTH_BASE_PATH.length);
  const guard =
    ENDPOINTS[`${request.method} ${path}`] ??
    (request.method === "GET" && CALLBACK.test(path) ? limitedBy() : undefined) ??
    (request.method === "GET" && RESET_LINK.test(path) ? limitedBy("mailed_token") : undefined);
  if (!guard) return json({ code: "NOT_FOUND", message: "Not found" }, 404);
  return guard(request, ip);
}
