import { databaseIsReady } from "./client.server";

/**
 * Pings the database every second so requests can be answered with a 503 page at once while it is
 * away (instead of each one waiting for a connection timeout), and resume by themselves when it is back.
 */
export function databaseHealthMonitor(intervalMs = 1_000) {
  let up = true;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const check = async () => {
    up = await databaseIsReady(intervalMs);
    if (!stopped) timer = setTimeout(check, intervalMs).unref();
  };
  return {
    up: () => up,
    start() {
      timer = setTimeout(check, intervalMs).unref();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
