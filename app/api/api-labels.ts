import type { ProblemKind } from "./endpoints/problems";
import type { ApiScope } from "./keys/api-keys";
import type { WebhookEvent } from "./webhooks/webhooks";

/**
 * What the developer pages call each scope, event and error, as keys of the "api" catalogue. The
 * API itself (its OpenAPI document, its problem documents) keeps the English of api-keys.ts,
 * webhooks.ts and problems.ts: those are its contract.
 */
export const SCOPE_KEYS: Record<ApiScope, string> = {
  read: "api.scope.read",
  collections: "api.scope.collections",
  license: "api.scope.license",
};

/** Each event's description, its name before it (`{event}: …`). */
export const EVENT_KEYS: Record<WebhookEvent, string> = {
  "license.created": "api.event.licenseCreated",
  "order.paid": "api.event.orderPaid",
  "clip.published": "api.event.clipPublished",
};

/** Each problem's title as the page explains it (answers carry the English `title`). */
export const PROBLEM_KEYS: Record<ProblemKind, string> = {
  "bad-request": "api.problem.badRequest",
  unauthorized: "api.problem.unauthorized",
  "insufficient-scope": "api.problem.insufficientScope",
  "no-downloads-left": "api.problem.noDownloadsLeft",
  "cross-site-write": "api.problem.crossSiteWrite",
  "not-found": "api.problem.notFound",
  "method-not-allowed": "api.problem.methodNotAllowed",
  conflict: "api.problem.conflict",
  "length-required": "api.problem.lengthRequired",
  "payload-too-large": "api.problem.payloadTooLarge",
  "unsupported-media-type": "api.problem.unsupportedMediaType",
  "too-many-requests": "api.problem.tooManyRequests",
  "internal-error": "api.problem.internalError",
};
