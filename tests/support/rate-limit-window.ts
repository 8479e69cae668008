/**
 * Waits out the current minute if fewer than `needMs` of it are left, so a test's hits all fall in
 * one fixed rate-limit window: a window ending mid-test would reset the counts it asserts on.
 */
export async function withinOneMinuteWindow(needMs = 5_000) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
