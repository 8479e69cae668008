/**
 * Every request the cluster test sends goes through `send`, so the summary can count requests and
 * errors (an error: no answer at all, or a 5xx) per case.
 */
export interface Tally {
  requests: number;
  errors: number;
}

export const newTally = (): Tally => ({ requests: 0, errors: 0 });

export async function send(tally: Tally, url: string, init: RequestInit = {}) {
  tally.requests += 1;
  try {
    const response = await fetch(url, { redirect: "manual", ...init });
    if (response.status >= 500) tally.errors += 1;
    return response;
  } catch (error) {
    tally.errors += 1;
    throw error;
  }
}

/** The `name=value` pairs of a response's Set-Cookie headers, as one Cookie header. */
export function cookiesOf(response: Response, previous = "") {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    // An expired cookie (sign-out) leaves the jar.
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

export const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

/** Polls `check` every `everyMs` until it holds; resolves with the time it took, or throws. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
) {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
