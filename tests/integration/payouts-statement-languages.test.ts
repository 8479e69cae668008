import { beforeAll, describe, expect, it } from "vitest";
import { saveLanguage } from "~/accounts/profiles/profile-language.server";
import { loader as statementLoader } from "~/payouts/routes/statement-file";
import { periodOf, statementPath } from "~/payouts/statements/statements";
import { issueStatement } from "~/payouts/statements/statements.server";
import { db } from "~/platform/db/client.server";
import { createAccount, sessionCookie } from "../factories/accounts";
import { routeArgs } from "../factories/commerce";
import { buyerLicenses, creatorClip, payOut } from "../factories/payouts";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";
import { pdfLayoutText } from "../support/pdf-text";

useTestDatabase();

const DAY = 24 * 60 * 60 * 1000;
const after = (days: number) => new Date(Date.now() + days * DAY);
const PERIOD = periodOf(after(20));

/** A German-speaking creator with one license, paid out and issued a statement. */
const story = {} as { creator: Awaited<ReturnType<typeof createAccount>> };

beforeAll(async () => {
  story.creator = await createAccount({ role: "creator" });
  await saveLanguage(story.creator.id, "de");
  await buyerLicenses([await creatorClip(story.creator.id, "Hafen im Morgengrauen")]);
  const { payout } = await payOut(story.creator.id, { now: after(31) });
  await db().transaction((tx) => issueStatement(tx, { payout, period: PERIOD, at: after(31) }));
});

/** The statement file as the route answers it to a reader with this cookie and these headers. */
async function fetchStatement(
  format: "pdf" | "csv",
  cookie: string,
  headers: Record<string, string> = {},
  creatorId?: string,
) {
  const path = statementPath(PERIOD, format, creatorId);
  const request = new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie, ...headers } });
  const response = (await statementLoader({
    ...routeArgs(request),
    params: { file: `${PERIOD}.${format}` },
  } as never)) as Response;
  expect(response.status).toBe(200);
  return response;
}

const germanMonth = (period: string) =>
  new Intl.DateTimeFormat("de", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${period}-01T00:00:00Z`),
  );

describe("statements in the reader's language", () => {
  it("a German-speaking creator's statement mail is German: subject, figures in German money, the German earnings page", async () => {
    const [mail] = await outboxFor(story.creator.email);
    expect(mail?.subject).toBe(`Deine Verdeo-Abrechnung für ${germanMonth(PERIOD)}`);
    expect(mail?.text).toContain(`Deine Abrechnung für ${germanMonth(PERIOD)} ist fertig.`);
    expect(mail?.text).toContain("An dich ausgezahlt: 4,45\u00a0€");
    expect(mail?.text).toContain(`Abrechnung (PDF): http://localhost:3000${statementPath(PERIOD, "pdf")}`);
    expect(mail?.text).toContain(
      "Alle deine Einnahmen und Abrechnungen: http://localhost:3000/de/studio/earnings",
    );
    expect(mail?.text).toContain("Fragen? Schreib an support@verdeo.com.");
  });

  it("the PDF downloaded by the creator, whose stored language is German, reads German headings and German money", async () => {
    const cookie = await sessionCookie(story.creator.email);
    // The stored language wins over the browser's.
    const response = await fetchStatement("pdf", cookie, { "Accept-Language": "fr" });
    const text = pdfLayoutText(await response.arrayBuffer());
    expect(text).toContain(`Abrechnung für ${germanMonth(PERIOD)}`);
    expect(text).toMatch(/Anfangssaldo\s+0,00 €/);
    expect(text).toMatch(/Endsaldo\s+0,00 €/);
    expect(text).toContain("Auszahlung per Banküberweisung");
    expect(text).toContain("Lizenzeinnahmen");
    expect(text).toContain("Hafen im Morgengrauen");
    expect(text).toContain("DATUM");
    expect(text).not.toContain("Opening balance");
  });

  it("staff without a stored language reading it with a Japanese browser get the Japanese PDF", async () => {
    const staff = await createAccount({ role: "developer" });
    const cookie = await sessionCookie(staff.email);
    const response = await fetchStatement(
      "pdf",
      cookie,
      { "Accept-Language": "ja,en;q=0.5" },
      story.creator.id,
    );
    const text = pdfLayoutText(await response.arrayBuffer());
    const [year, month] = PERIOD.split("-").map(Number);
    expect(text).toContain(`${year}年${month}月分の明細書`);
    expect(text).toContain("期首残高");
    expect(text).toContain("銀行振込での支払い");
    expect(text).toContain("期末残高");
  });

  it("the CSV stays English whatever the reader's language: its header and types are read by programs", async () => {
    const cookie = await sessionCookie(story.creator.email);
    const csv = await (await fetchStatement("csv", cookie, { "Accept-Language": "de" })).text();
    const rows = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(rows[0]).toBe("date,type,clip,plan,license,amount_eur");
    expect(rows[1]).toMatch(/,Opening balance,/);
    expect(rows.some((row) => row.includes(",Royalty,Hafen im Morgengrauen,"))).toBe(true);
    expect(rows.at(-3)).toMatch(/,Payout by bank transfer,/);
  });
});
