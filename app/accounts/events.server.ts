import { defineEvent } from "~/platform/events.server";

/** A user's public name (username or full name) changed: whatever shows or indexes it is stale. */
export const profileRenamed = defineEvent<{ userId: string }>("profile.renamed");

/** A user proved they own their address: orders placed with it as a guest may become theirs. */
export const emailVerified = defineEvent<{ userId: string; email: string }>("account.email-verified");

/** A user was suspended: whatever still trusts them for a moment (API key callers kept per process) forgets them. */
export const accountSuspended = defineEvent<{ userId: string }>("account.suspended");
