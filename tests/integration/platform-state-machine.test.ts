import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderRows } from "~/commerce/orders/order.queries.server";
import { ORDER_TRANSITIONS } from "~/commerce/orders/order-machine";
import { orders } from "~/commerce/schema.server";
import { listAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { moveState } from "~/platform/db/state-machine.server";
import { createOrder } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

const statusOf = async (id: string) =>
  (await database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;

const pay = (id: string, reference: string) => ({
  rows: orderRows,
  machine: ORDER_TRANSITIONS,
  move: "pay" as const,
  id,
  actorId: "staff-helper",
  fields: { paymentReference: reference, paidAt: new Date() },
});

describe("moveState, the one way a declared lifecycle's row changes status", () => {
  it("moves the row with the move's fields, runs the effects and writes one audit entry with what they return", async () => {
    const order = await createOrder();
    const moved = await db().transaction((tx) =>
      moveState(tx, { ...pay(order.id, "transfer-1"), effects: async (row) => ({ seen: row.status }) }),
    );
    expect(moved).toMatchObject({
      ok: true,
      changed: true,
      row: { status: "paid", paymentReference: "transfer-1" },
    });
    const entries = await listAudit({ targetType: "order", targetId: order.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: "staff-helper",
      action: "order.mark_paid",
      before: { status: "awaiting_payment" },
      after: { status: "paid", seen: "paid" },
    });
  });

  it("refuses a move the table does not allow from the row's state: nothing written, nothing audited", async () => {
    const order = await createOrder();
    let ran = false;
    const refused = await db().transaction((tx) =>
      moveState(tx, {
        rows: orderRows,
        machine: ORDER_TRANSITIONS,
        move: "refund",
        id: order.id,
        actorId: "staff-helper",
        fields: { closedAt: new Date() },
        effects: async () => {
          ran = true;
          return {};
        },
      }),
    );
    expect(refused).toMatchObject({ ok: false, reason: "not_allowed", row: { status: "awaiting_payment" } });
    expect(ran).toBe(false);
    expect(await statusOf(order.id)).toBe("awaiting_payment");
    expect(await listAudit({ targetType: "order", targetId: order.id })).toEqual([]);
    const missing = await db().transaction((tx) =>
      moveState(tx, pay("00000000-0000-4000-8000-000000000000", "x")),
    );
    expect(missing).toEqual({ ok: false, reason: "not_found" });
  });

  it("locks the row: a second move waits for the first to commit, then finds it moved and is refused", async () => {
    const order = await createOrder();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstLocked!: () => void;
    const locked = new Promise<void>((resolve) => {
      firstLocked = resolve;
    });
    const first = db().transaction((tx) =>
      moveState(tx, {
        ...pay(order.id, "first"),
        effects: async () => {
          firstLocked();
          await held;
          return {};
        },
      }),
    );
    await locked;
    let secondDone = false;
    const second = db()
      .transaction((tx) => moveState(tx, pay(order.id, "second")))
      .finally(() => {
        secondDone = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still waiting on the first transaction's lock.
    expect(secondDone).toBe(false);
    release();
    expect(await first).toMatchObject({ ok: true, changed: true });
    expect(await second).toMatchObject({ ok: false, reason: "not_allowed", row: { status: "paid" } });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.paymentReference).toBe("first");
    expect(await listAudit({ targetType: "order", targetId: order.id })).toHaveLength(1);
  });

  it("undoes the move with its transaction when an effect fails", async () => {
    const order = await createOrder();
    await expect(
      db().transaction((tx) =>
        moveState(tx, {
          ...pay(order.id, "doomed"),
          effects: async () => {
            throw new Error("the grant failed");
          },
        }),
      ),
    ).rejects.toThrow("the grant failed");
    expect(await statusOf(order.id)).toBe("awaiting_payment");
    expect(await listAudit({ targetType: "order", targetId: order.id })).toEqual([]);
  });

  it("answers a row already in the move's target as unchanged when the move is idempotent", async () => {
    const order = await createOrder();
    await db().transaction((tx) => moveState(tx, pay(order.id, "once")));
    const again = await db().transaction((tx) =>
      moveState(tx, { ...pay(order.id, "twice"), idempotent: true }),
    );
    expect(again).toMatchObject({ ok: true, changed: false, row: { paymentReference: "once" } });
    expect(await listAudit({ targetType: "order", targetId: order.id })).toHaveLength(1);
  });
});
