import { beforeAll, describe, expect, it } from "vitest";
import { refundOrder } from "~/commerce/orders/order-lifecycle.server";
import { loader as statementLoader } from "~/payouts/routes/statement-file";
import type { Payout } from "~/payouts/runs/payout-runs.queries.server";
import { periodLabel, periodOf, statementMailSubject, statementPath } from "~/payouts/statements/statements";
import { issueStatement, statementFile } from "~/payouts/statements/statements.server";
import { db } from "~/platform/db/client.server";
import { createAccount, sessionCookie } from "../factories/accounts";
import { getPage, routeArgs, settle } from "../factories/commerce";
import { STAFF_ACTOR } from "../factories/licensing";
import { buyerLicenses, creatorClip, payOut } from "../factories/payouts";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";
import { pdfLayoutText } from "../support/pdf-text";

useTestDatabase();

const DAY = 24 * 60 * 60 * 1000;
const after = (days: number) => new Date(Date.now() + days * DAY);
const GREEK_TITLE = "Ηλιοβασίλεμα στη Σαντορίνη";
const FORMULA_TITLE = '=HYPERLINK("http://evil.example","Click")';

/**
 * A creator through two statements: the first month holds a license of a Greek-titled clip (paid
 * out) and one of a formula-titled clip (still pending at the payout); a later month holds the
 * refund of the first, after its payout, and a €20.00-a-download license. The months are those the
 * days fall in, whatever day the tests run: 40 days apart, so never the same month.
 */
const FIRST = periodOf(after(20));
const SECOND = periodOf(after(65));
const story = {} as {
  creator: Awaited<ReturnType<typeof createAccount>>;
  firstPayout: Payout;
  secondPayout: Payout;
};

beforeAll(async () => {
  story.creator = await createAccount({ role: "creator" });
  const greek = await creatorClip(story.creator.id, GREEK_TITLE);
  const formula = await creatorClip(story.creator.id, FORMULA_TITLE);
  const later = await creatorClip(story.creator.id, "Harbour at Dawn");
  const first = await buyerLicenses([greek]);
  await buyerLicenses([formula], { at: after(20) });
  story.firstPayout = (await payOut(story.creator.id, { now: after(31) })).payout;
  await db().transaction((tx) =>
    issueStatement(tx, {
      payout: story.firstPayout,
      period: FIRST,
      at: after(31),
    }),
  );
  await refundOrder({ orderId: first.order.id, actor: STAFF_ACTOR, now: after(60) });
  await buyerLicenses([later], { at: after(65), unitPriceCents: 20_000 });
  story.secondPayout = (await payOut(story.creator.id, { now: after(100) })).payout;
});

describe("issuing statements", () => {
  it("keeps opening, earned, reversed, paid and closing, the opening being the previous closing", async () => {
    const first = await db().transaction((tx) =>
      issueStatement(tx, {
        payout: story.firstPayout,
        period: FIRST,
        at: after(31),
      }),
    );
    expect(first).toMatchObject({
      ok: true,
      value: {
        created: false,
        statement: { openingCents: 0, earnedCents: 890, reversedCents: 0, paidCents: 445, closingCents: 445 },
      },
    });
    const second = await db().transaction((tx) =>
      issueStatement(tx, {
        payout: story.secondPayout,
        period: SECOND,
        at: after(100),
      }),
    );
    expect(second).toMatchObject({
      ok: true,
      value: {
        created: true,
        statement: {
          openingCents: 445,
          earnedCents: 1_000,
          reversedCents: 445,
          paidCents: 1_000,
          closingCents: 0,
        },
      },
    });
  });

  it("mails the creator once per statement, with the amount paid and a link", async () => {
    const mails = await outboxFor(story.creator.email);
    const first = mails.filter((mail) => mail.subject === statementMailSubject(FIRST));
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe(`Your Verdeo statement for ${periodLabel(FIRST)}`);
    expect(first[0]!.text).toContain("Paid to you: €4.45");
    expect(first[0]!.text).toContain(`http://localhost:3000${statementPath(FIRST, "pdf")}`);
    expect(mails.filter((mail) => mail.subject === statementMailSubject(SECOND))).toHaveLength(1);
  });

  it("20 parallel issues of one month make one statement and one mail", async () => {
    const creator = await createAccount({ role: "creator" });
    await buyerLicenses([await creatorClip(creator.id)]);
    const { payout } = await payOut(creator.id, { now: after(31) });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db().transaction((tx) =>
          issueStatement(tx, {
            payout,
            period: periodOf(new Date()),
            at: after(31),
          }),
        ),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.filter((result) => result.ok && result.value.created)).toHaveLength(1);
    expect(await outboxFor(creator.email)).toHaveLength(1);
  });

  it("refuses a period that is not a month", async () => {
    const badPeriod = await db().transaction((tx) =>
      issueStatement(tx, {
        payout: story.firstPayout,
        period: "2026-13",
        at: after(31),
      }),
    );
    expect(badPeriod).toEqual({ ok: false, reason: "invalid_period" });
  });
});

describe("statement files", () => {
  it("the PDF lists the opening balance, each license with its Greek title, the payout and the closing balance", async () => {
    const file = await statementFile(story.creator.id, FIRST, "pdf");
    if (!file.ok) throw new Error(file.reason);
    const text = pdfLayoutText(file.value.body as Buffer);
    expect(text).toContain(`Statement for ${periodLabel(FIRST)}`);
    expect(text).toContain(GREEK_TITLE);
    expect(text).toMatch(/Opening balance\s+€0\.00/);
    expect(text).toMatch(/Closing balance\s+€4\.45/);
    expect(text).toContain("Payout by bank transfer");
    expect(text).toContain("Creator · One-time purchase");
    expect(text.match(/€4\.45/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it("a long statement runs over pages and keeps every license", async () => {
    const creator = await createAccount({ role: "creator" });
    const titles = Array.from(
      { length: 45 },
      (_, index) => `Long Month Clip ${String(index).padStart(2, "0")}`,
    );
    const clipIds = [];
    for (const title of titles) clipIds.push(await creatorClip(creator.id, title));
    for (let start = 0; start < clipIds.length; start += 10)
      await buyerLicenses(clipIds.slice(start, start + 10));
    const { payout } = await payOut(creator.id, { now: after(31) });
    await db().transaction((tx) =>
      issueStatement(tx, {
        payout,
        period: periodOf(new Date()),
        at: after(31),
      }),
    );
    const file = await statementFile(creator.id, periodOf(new Date()), "pdf");
    if (!file.ok) throw new Error(file.reason);
    const text = pdfLayoutText(file.value.body as Buffer);
    expect(text.split("\f").filter((page) => page.trim()).length).toBeGreaterThanOrEqual(2);
    for (const title of titles) expect(text).toContain(title);
    expect(text).toMatch(/Closing balance\s+€0\.00/);
  });

  it("the next month's PDF shows the reversal of the refunded license", async () => {
    const file = await statementFile(story.creator.id, SECOND, "pdf");
    if (!file.ok) throw new Error(file.reason);
    const text = pdfLayoutText(file.value.body as Buffer);
    expect(text).toMatch(/Opening balance\s+€4\.45/);
    expect(text).toContain("Reversals and restorations");
    expect(text).toContain("-€4.45");
    expect(text).toContain("Harbour at Dawn");
    // The reversal names the license it takes back.
    expect(text).toContain(GREEK_TITLE);
  });

  it("the CSV has one row per line, amounts in euros, and a formula title defused", async () => {
    const file = await statementFile(story.creator.id, FIRST, "csv");
    if (!file.ok) throw new Error(file.reason);
    const rows = (file.value.body as string).split("\r\n");
    expect(rows[0]).toBe("date,type,clip,plan,license,amount_eur");
    expect(rows[1]).toMatch(/^\d{4}-\d{2}-\d{2},Opening balance,,,,0$/);
    expect(rows.some((row) => row.includes(`,${GREEK_TITLE},`) && row.endsWith(",4.45"))).toBe(true);
    expect(rows.some((row) => row.includes(`"'=HYPERLINK(""http://evil.example"",""Click"")"`))).toBe(true);
    expect(rows.at(-3)).toMatch(/,Payout by bank transfer,,,,-4\.45$/);
    expect(rows.at(-2)).toMatch(/,Closing balance,,,,4\.45$/);
    expect(rows.at(-1)).toBe("");
  });

  it("a creator reads only their own; staff may read anyone's; anything else is 404", async () => {
    const load = async (url: string, cookie?: string) => {
      const file = url.split("/").pop()!.split("?")[0]!;
      return settle(async () => {
        const response = await statementLoader({
          ...routeArgs(getPage(url, cookie)),
          params: { file },
        } as never);
        return response;
      });
    };
    const raw = async (url: string, cookie?: string) => {
      const file = url.split("/").pop()!.split("?")[0]!;
      return (await statementLoader({
        ...routeArgs(getPage(url, cookie)),
        params: { file },
      } as never)) as Response;
    };
    const own = await sessionCookie(story.creator.email);
    const pdf = await raw(statementPath(FIRST, "pdf"), own);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const csv = await raw(statementPath(FIRST, "csv"), own);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(await csv.text()).toContain(GREEK_TITLE);

    const other = await createAccount({ role: "creator" });
    const otherCookie = await sessionCookie(other.email);
    expect((await raw(statementPath(FIRST, "pdf"), otherCookie)).status).toBe(404);
    expect((await raw(statementPath(FIRST, "pdf", story.creator.id), otherCookie)).status).toBe(404);

    const staff = await createAccount({ role: "developer" });
    const staffCookie = await sessionCookie(staff.email);
    expect((await raw(statementPath(FIRST, "pdf", story.creator.id), staffCookie)).status).toBe(200);
    expect((await raw(`${statementPath(FIRST, "pdf")}?creator=%00%01`, staffCookie)).status).toBe(404);

    for (const bad of [
      "2026-11.exe",
      "2026-13.pdf",
      "..%2F..%2Fetc.pdf",
      `${"9".repeat(40)}.pdf`,
      "2026-1.pdf",
    ]) {
      expect((await raw(`/studio/statements/${bad}`, own)).status).toBe(404);
    }
    expect((await raw("/studio/statements/2001-01.pdf", own)).status).toBe(404);
    const visitor = await load(statementPath(FIRST, "pdf"));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
  });
});
