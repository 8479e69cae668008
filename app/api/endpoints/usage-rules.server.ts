import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";

/**
 * What the OpenAPI document's introduction and the developer page both state, written once
 * (backticks mark code, as in the document's Markdown).
 */
export const API_LIMITS_TEXT = `Without a key: ${RATE_LIMIT_POLICIES.api_anonymous.perIp.limit} requests a minute per address, public reads only. With a key: ${RATE_LIMIT_POLICIES.api_key.perUser.limit} a minute per account, counted across all of the account's keys and addresses (more keys buy no more requests), and also at most ${RATE_LIMIT_POLICIES.api_key.perKey.limit} per key and ${RATE_LIMIT_POLICIES.api_key.perIp.limit} per address. An account creates at most ${RATE_LIMIT_POLICIES.api_key_create.perUser.limit} keys a day. Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; a 429 says when to retry in \`Retry-After\`.`;

export const API_CACHING_TEXT =
  "Reads carry an `ETag`; send it back as `If-None-Match` to get a 304. Reads allow any origin (CORS); never put a key in a browser app's code.";
