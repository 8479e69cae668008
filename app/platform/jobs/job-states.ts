/** The states the console and the CLI count jobs in; safe for the browser (no queue code). */
export const JOB_STATES = ["queued", "running", "failed", "completed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];
