import { randomUUID } from "node:crypto";

/**
 * Names this run of the process: /healthz answers it in a header, so whoever restarts the server
 * (a deploy script, the start-up benchmark) can tell the new process from the one still draining.
 */
export const START_ID_HEADER = "Verdeo-Start-Id";
export const START_ID = randomUUID();
