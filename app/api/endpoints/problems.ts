import type { ServerRefusal } from "~/platform/http/route-handle";

/**
 * The API's errors, as RFC 9457 problem details. Each kind has a stable `type` URI (an anchor of
 * the reference page, which explains it), a status and a title that never change; `detail` says
 * what was wrong with this request.
 */
export const PROBLEMS = {
  "bad-request": { status: 400, title: "The request is not valid" },
  unauthorized: { status: 401, title: "A valid API key is required" },
  "insufficient-scope": { status: 403, title: "The API key lacks the scope this needs" },
  "no-downloads-left": { status: 403, title: "No downloads left to license with" },
  "cross-site-write": { status: 403, title: "Writes from another site's pages are refused" },
  "not-found": { status: 404, title: "Not found" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "The request conflicts with the current state" },
  "length-required": { status: 411, title: "The body's length must be declared" },
  "payload-too-large": { status: 413, title: "The body is too large" },
  "unsupported-media-type": { status: 415, title: "The body must be JSON" },
  "too-many-requests": { status: 429, title: "Too many requests" },
  "internal-error": { status: 500, title: "Something went wrong on our side" },
} as const;

export type ProblemKind = keyof typeof PROBLEMS;
export const PROBLEM_KINDS = Object.keys(PROBLEMS) as ProblemKind[];

/** The path of a problem's explanation; absolute in answers (see problemTypeUri). */
export const problemAnchor = (kind: ProblemKind) => `/developers#problem-${kind}`;

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  request_id?: string;
  errors?: { parameter: string; message: string }[];
}

/** A problem document of one kind; `detail` says what was wrong with this request. */
export function problemDocument(
  kind: ProblemKind,
  detail: string,
  { requestId, publicUrl }: { requestId: string; publicUrl: string },
  extra: { errors?: ProblemDocument["errors"]; instance?: string } = {},
): ProblemDocument {
  const { status, title } = PROBLEMS[kind];
  return {
    type: new URL(problemAnchor(kind), publicUrl).href,
    title,
    status,
    detail,
    ...(extra.instance ? { instance: extra.instance } : {}),
    request_id: requestId,
    ...(extra.errors?.length ? { errors: extra.errors } : {}),
  };
}

const REFUSAL_KINDS = {
  400: "bad-request",
  403: "cross-site-write",
  405: "method-not-allowed",
  411: "length-required",
  413: "payload-too-large",
} as const satisfies Record<ServerRefusal["status"], ProblemKind>;

/** The server's own refusals (before the API route runs) as problem documents: the route's `refusal`. */
export function refusalAsProblem({ status, detail, ...context }: ServerRefusal) {
  const body = problemDocument(REFUSAL_KINDS[status], detail, context);
  return { contentType: "application/problem+json; charset=utf-8", body: JSON.stringify(body) };
}

export const API_DETAILS = {
  keyMissing: "This endpoint needs an API key: send it as `Authorization: Bearer <key>`.",
  keyRefused: "The API key is not valid, was revoked, or its owner's account is suspended.",
  authMalformed: "The Authorization header must be `Bearer <key>`.",
  scope: (scope: string) => `This endpoint needs a key with the \`${scope}\` scope.`,
  rateLimited: (seconds: number) => `Too many requests: try again in ${seconds} s.`,
  noRoute: "No endpoint has this path. The list is at /api/v1/openapi.json.",
  method: (allowed: string) => `This endpoint answers ${allowed}.`,
  notJson: "Send the body as JSON with `Content-Type: application/json`.",
  invalidJson: "The body is not valid JSON.",
  internal: "The request could not be answered; it was logged. Try again later.",
  badInput: "A parameter is not valid: see `errors`.",
  clipNotFound: "No published clip has this id.",
  collectionNotFound: "No collection you can see has this token or id.",
  licenseNotFound: "The key's owner has no license with this id.",
  licenseNeedsPlan: "The key's owner has no downloads left: buy a plan or pack at /pricing.",
  fileNotOffered: "This clip offers no file of that variant: see its `files`.",
  collectionFull: "The collection is full.",
  collectionNameTaken: "You already have a collection of that name.",
  tooManyCollections: "You have as many collections as allowed.",
} as const;
