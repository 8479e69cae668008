import { describe, expect, it } from "vitest";
import { getBuyerOrders } from "~/licensing/library.server";
import deCatalog from "~/locales/de/catalog.json";
import de from "~/locales/de/commerce.json";
import { createAccount } from "../factories/accounts";
import { createOrder, createPaidOrder } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

describe("the profile's orders tab in the page's language", () => {
  it("labels plans, orders and their bank details in German, and keeps English as it was", async () => {
    const buyer = await createAccount();
    await createPaidOrder({ userId: buyer.id, email: buyer.email });
    await createOrder({ userId: buyer.id, email: buyer.email });

    const german = await getBuyerOrders(buyer.id, new Date(), "de");
    const [plan] = german.plans;
    expect(plan?.planLabel).toContain(de["commerce.billing.oneTime"]);
    expect(plan?.downloadsLabel).toMatch(/^Noch \d+ von \d+ Downloads$/);
    expect(german.orders.map((order) => order.statusLabel).sort()).toEqual(
      [de["commerce.orderStatus.awaitingPayment"], de["commerce.orderStatus.paid"]].sort(),
    );
    const unpaid = german.orders.find((order) => order.status === "awaiting_payment");
    expect(unpaid?.payment?.map((row) => row.label)).toContain(de["commerce.payment.accountHolder"]);
    expect(unpaid?.totalLabel).toMatch(/^\d+,\d{2}\s€$/);
    expect(deCatalog["catalog.library.downloadsLeft"]).toContain("{left}");

    const english = await getBuyerOrders(buyer.id);
    expect(english.plans[0]?.planLabel).toMatch(/ · One-time purchase$/);
    expect(english.plans[0]?.downloadsLabel).toMatch(/^\d+ of \d+ downloads left$/);
    expect(english.orders.find((order) => order.status === "paid")?.statusLabel).toBe("Paid");
  });
});
