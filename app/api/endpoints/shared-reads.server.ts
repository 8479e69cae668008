import { authenticateApiKey, presentedKey } from "../keys/api-keys.server";
import { limitApiRequest } from "../keys/rate-limits.server";
import { recentApiCaller } from "../keys/recent-callers.server";
import { API_ROUTES } from "./endpoints.server";
import { API_BASE, limitHeaders, readCacheControl } from "./http.server";

/**
 * The API's public reads as the server's read cache sees them (docs/decisions/0030): which paths
 * answer the same to everyone, and what a request for a kept answer still goes through.
 */

/** Whether GET `pathname` is an endpoint whose answer is the same for every caller. */
export function isSharedApiRead(pathname: string) {
  if (!pathname.startsWith(`${API_BASE}/`)) return false;
  const path = pathname.slice(API_BASE.length);
  const found = API_ROUTES.find(({ endpoint, pattern }) => endpoint.method === "GET" && pattern.test(path));
  return found?.endpoint.sharedAnswer === true && found.endpoint.auth === "public";
}

/**
 * The per-request headers of a kept read (rate limits, cache policy; names in lower case), after counting the request
 * against its limits exactly as the full path does; null when the full path must answer: a key that
 * is not valid (the full path says why), or a request over its limit (the full path refuses it, and
 * a refused hit spends nothing). A key this process authenticated lately is taken as it was.
 */
export async function sharedReadHeaders(input: {
  authorization: string | undefined;
  clientIp: string;
}): Promise<Record<string, string> | null> {
  const caller = input.authorization === undefined ? null : await callerOf(input.authorization);
  if (caller === undefined) return null;
  const verdict = await limitApiRequest({
    keyId: caller?.keyId ?? null,
    userId: caller?.userId ?? null,
    clientIp: input.clientIp,
  });
  if (!verdict.allowed) return null;
  return { ...limitHeaders(verdict), "cache-control": readCacheControl(caller !== null) };
}

/** The caller of a key, from this process's recent ones or from PostgreSQL; undefined when refused. */
async function callerOf(authorization: string) {
  const recent = recentApiCaller(authorization);
  if (recent) return recent;
  const presented = presentedKey(authorization);
  const checked = presented ? await authenticateApiKey(presented) : undefined;
  return checked?.ok ? checked.value : undefined;
}
