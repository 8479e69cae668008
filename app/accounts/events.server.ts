import { defineEvent } from "~/platform/events.server";

/** A user's public name (username or full name) changed: whatever shows or indexes it is stale. */
export const profileRenamed = defineEvent<{ userId: string }>("profile.renamed");
