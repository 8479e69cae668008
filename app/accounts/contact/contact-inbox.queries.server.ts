import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { likePattern, PAGE_SIZE, type Page, pageOffset } from "~/platform/text/paging";
import { contactMessages, contactReplies } from "../schema.server";
import type { ContactStatus } from "./contact-schema";

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type ContactReplyRow = typeof contactReplies.$inferSelect;

export interface MessageFilter {
  status?: ContactStatus;
  q?: string;
  sort: "newest" | "oldest";
  page: number;
}

export async function listContactMessages(filter: MessageFilter): Promise<Page<ContactMessageRow>> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(contactMessages.status, filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(
      or(
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.username, pattern),
        ilike(contactMessages.subject, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(
        filter.sort === "oldest" ? asc(contactMessages.createdAt) : desc(contactMessages.createdAt),
        asc(contactMessages.id),
      )
      .limit(PAGE_SIZE)
      .offset(pageOffset(filter.page)),
    db().select({ value: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: total?.value ?? 0, page: filter.page, pageSize: PAGE_SIZE };
}

export async function findContactMessage(id: string) {
  const rows = await db().select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (!rows[0]) return null;
  const replies = await db()
    .select()
    .from(contactReplies)
    .where(eq(contactReplies.messageId, id))
    .orderBy(asc(contactReplies.createdAt));
  return { message: rows[0], replies };
}

export async function lockContactMessage(tx: Executor, id: string) {
  const rows = await tx
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for("update")
    .limit(1);
  return rows[0] ?? null;
}

export async function insertContactReply(tx: Executor, row: typeof contactReplies.$inferInsert) {
  const [inserted] = await tx.insert(contactReplies).values(row).returning();
  return inserted!;
}

export async function updateContactStatus(tx: Executor, id: string, status: ContactStatus) {
  await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
}

export async function countOpenContactMessages() {
  const [row] = await db()
    .select({ value: count() })
    .from(contactMessages)
    .where(eq(contactMessages.status, "open"));
  return row?.value ?? 0;
}

export async function insertContactMessage(values: typeof contactMessages.$inferInsert) {
  await db().insert(contactMessages).values(values);
}
