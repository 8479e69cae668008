import { customType, timestamp } from "drizzle-orm/pg-core";

/** Column helpers every domain's schema shares. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
