/**
 * A toast's tone: `success` for what the person did, `info` for how things stand (neither good nor
 * bad), `error` only for what went wrong.
 */
export const TOAST_TYPES = ["success", "info", "error"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
