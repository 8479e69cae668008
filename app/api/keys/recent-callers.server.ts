import { LRUCache } from "lru-cache";
import { type ApiCaller, hashSecret, hasKeyShape, lookUpCallers, presentedKey } from "./key-lookup.server";
import { noteKeyUse } from "./key-use.server";

/**
 * Callers of keys this process authenticated lately, by the secret's hash: only the API's kept
 * public reads trust them without asking PostgreSQL (docs/decisions/0030). A revoke or a suspension
 * made in this process forgets them at once; one made on another node as soon as its announcement
 * of the person's change arrives (docs/decisions/0029), and at the latest after CALLER_TTL_MS, and
 * meanwhile only for reads any anonymous caller may make too. Past half that age a caller is
 * checked again in the background, with the others due in the same moment in one lookup, so a
 * steady key never waits for the check and a thousand keys cost a few statements a second.
 */
export const CALLER_TTL_MS = 10_000;
/** Keys due for their check are gathered this long and looked up together. */
const RECHECK_BATCH_MS = 50;

interface RecentCaller {
  caller: ApiCaller;
  at: number;
  checking?: boolean;
}

const recentCallers = new LRUCache<string, RecentCaller>({ max: 20_000, ttl: CALLER_TTL_MS });
let dueForCheck: Map<string, RecentCaller> | null = null;

/** Notes a caller just authenticated in PostgreSQL. */
export function rememberCaller(secretHash: string, caller: ApiCaller, now: Date) {
  recentCallers.set(secretHash, { caller, at: now.getTime() });
}

function forgetCallers(which: (caller: ApiCaller) => boolean) {
  for (const [hash, { caller }] of recentCallers.entries()) if (which(caller)) recentCallers.delete(hash);
}

export function forgetApiKeyCaller(keyId: string) {
  forgetCallers((caller) => caller.keyId === keyId);
}

/** Forgets an owner's keys in this process (the owner was suspended, or changed on another node). */
export function forgetApiCallersOf(userId: string) {
  forgetCallers((caller) => caller.userId === userId);
}

/** Forgets every recent caller (changes made elsewhere may have been missed). */
export function forgetAllApiCallers() {
  recentCallers.clear();
}

/**
 * The caller of an `Authorization` header whose key this process authenticated in the last
 * CALLER_TTL_MS, or undefined (the request then goes the full way, which asks PostgreSQL).
 */
export function recentApiCaller(authorization: string, now = new Date()): ApiCaller | undefined {
  const presented = presentedKey(authorization);
  if (!presented || !hasKeyShape(presented)) return undefined;
  const hash = hashSecret(presented);
  const recent = recentCallers.get(hash);
  if (!recent) return undefined;
  noteKeyUse(recent.caller.keyId, now);
  if (now.getTime() - recent.at > CALLER_TTL_MS / 2 && !recent.checking) checkSoon(hash, recent);
  return recent.caller;
}

function checkSoon(hash: string, recent: RecentCaller) {
  recent.checking = true;
  if (!dueForCheck) {
    dueForCheck = new Map();
    setTimeout(checkDue, RECHECK_BATCH_MS).unref();
  }
  dueForCheck.set(hash, recent);
}

/**
 * Looks the gathered keys up again: a valid one is kept anew from when the lookup began, one no
 * longer valid is forgotten. One forgotten meanwhile (a revoke here) is not brought back.
 */
async function checkDue() {
  const due = dueForCheck;
  dueForCheck = null;
  if (!due) return;
  const checkedAt = new Date();
  const found = await lookUpCallers([...due.keys()]).catch(() => null);
  for (const [hash, recent] of due) {
    recent.checking = false;
    if (!found || recentCallers.peek(hash) !== recent) continue;
    const answer = found.get(hash);
    if (typeof answer === "object") rememberCaller(hash, answer, checkedAt);
    else recentCallers.delete(hash);
  }
}
