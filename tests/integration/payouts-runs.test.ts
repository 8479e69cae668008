import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { stripe } from "~/payments/stripe-client.server";
import { proposePayoutRunJob } from "~/payouts/jobs.server";
import { balanceOf } from "~/payouts/ledger/ledger.queries.server";
import { exclusionReasonText, PAYOUT_RUN_TEXTS } from "~/payouts/runs/payout-runs";
import { approveRun, proposeRun } from "~/payouts/runs/payout-runs.server";
import { endToEndIdOf } from "~/payouts/runs/payout-runs-bank.server";
import { transferPayoutJob } from "~/payouts/runs/payout-runs-transfers.server";
import {
  payoutAccounts,
  payoutRunExclusions,
  payoutRuns,
  payoutStatements,
  payouts,
  royaltyLines,
} from "~/payouts/schema.server";
import { statementMailSubject } from "~/payouts/statements/statements";
import { listAudit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { workDueJobs } from "~/platform/jobs/queue.server";
import { action as runAction, loader as runLoader } from "~/staff/routes/payout-run";
import { loader as fileLoader } from "~/staff/routes/payout-run-file";
import { action as listAction, loader as listLoader } from "~/staff/routes/payouts";
import { getPage } from "../factories/commerce";
import { createPayee, daysBefore, earn, TEST_IBANS } from "../factories/payout-runs";
import { load, post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";
import type { FakeStripe } from "../support/fake-stripe";
import { outboxFor } from "../support/outbox";
import { useFakeStripe } from "../support/use-fake-stripe";
import { xsdErrors } from "../support/xsd";

useTestDatabase();

const stripeHandle = useFakeStripe("whsec_test_payout_runs");
let fake: FakeStripe;
let staff: Awaited<ReturnType<typeof signedIn>>;
let otherStaff: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  fake = stripeHandle.fake;
  [staff, otherStaff] = await Promise.all([signedIn("developer"), signedIn("developer")]);
});

const now = () => new Date();
const transfersTo = (creatorId: string) =>
  fake.transfers.filter((transfer) => transfer.destination === `acct_${creatorId.replace(/\W/g, "")}`);

/** Proposes `period` from the console, as staff do; answers the run's id. */
async function proposeFromConsole(period: string) {
  const result = await post(listAction, "/staff/payouts", { intent: "propose", period }, staff.cookie);
  expect(result.status).toBe(302);
  return result.location!.split("/").at(-1)!;
}

const runPath = (runId: string) => `/staff/payouts/${runId}`;
const submit = (runId: string, fields: Record<string, string>, cookie = staff.cookie) =>
  post(runAction, runPath(runId), fields, cookie, { runId });

async function payoutOf(runId: string, creatorId: string) {
  const [row] = await db()
    .select()
    .from(payouts)
    .where(and(eq(payouts.runId, runId), eq(payouts.creatorId, creatorId)));
  return row;
}

async function download(runId: string, kind: string, cookie = staff.cookie) {
  const response = (await fileLoader({
    request: getPage(`${runPath(runId)}/files/${kind}`, cookie),
    params: { runId, kind },
    context: {},
  } as never)) as Response;
  return { status: response.status, text: await response.text(), type: response.headers.get("Content-Type") };
}

const linesOf = (creatorId: string) =>
  db().select().from(royaltyLines).where(eq(royaltyLines.creatorId, creatorId));

describe("a monthly run with one Connect and one bank creator", () => {
  it("transfers the Connect payout once, makes a bank file the schema accepts, and marking it sent pays every line once", async () => {
    const connect = await createPayee("stripe");
    const bank = await createPayee("bank", { holder: "Zoë Müller", bank: "DE" });
    await earn(connect.id, 3_000, daysBefore(now(), 40));
    await earn(connect.id, 3_000, daysBefore(now(), 35));
    await earn(bank.id, 7_000, daysBefore(now(), 40));
    // Still inside the refund window: not in this run.
    await earn(connect.id, 1_000, daysBefore(now(), 5));

    const runId = await proposeFromConsole("2026-01");
    const page = await load(runLoader, runPath(runId), staff.cookie, { runId });
    const view = (
      page.data as { view: { payouts: { creatorId: string; amountCents: number; lines: number }[] } }
    ).view;
    expect(view.payouts.find((payout) => payout.creatorId === connect.id)).toMatchObject({
      amountCents: 6_000,
      lines: 2,
    });
    expect(view.payouts.find((payout) => payout.creatorId === bank.id)).toMatchObject({
      amountCents: 7_000,
      lines: 1,
    });

    const list = await load(listLoader, "/staff/payouts?sort=newest", staff.cookie);
    const listed = (list.data as { page: { rows: { id: string; payouts: number; totalCents: number }[] } })
      .page.rows;
    expect(listed.find((row) => row.id === runId)).toMatchObject({ payouts: 2, totalCents: 13_000 });

    expect((await submit(runId, { intent: "approve" })).status).toBe(400);
    expect((await submit(runId, { intent: "approve", confirmed: "yes" })).status).toBe(302);
    await workDueJobs([transferPayoutJob]);

    const stripePayout = (await payoutOf(runId, connect.id))!;
    const [transfer] = transfersTo(connect.id);
    expect(transfersTo(connect.id)).toHaveLength(1);
    expect(transfer).toMatchObject({ amount: 6_000, currency: "eur", transfer_group: stripePayout.id });
    const sentRequest = fake.requests.find(
      (request) =>
        request.method === "POST" &&
        request.path === "/v1/transfers" &&
        request.body.get("transfer_group") === stripePayout.id,
    );
    expect(sentRequest?.idempotencyKey).toBe(stripePayout.id);
    expect(stripePayout).toMatchObject({ status: "sent", stripeTransferId: transfer!.id, attempts: 1 });
    expect((await db().select().from(payoutRuns).where(eq(payoutRuns.id, runId)))[0]!.status).toBe(
      "approved",
    );

    const bankPayout = (await payoutOf(runId, bank.id))!;
    const pain = await download(runId, "pain001");
    expect(pain.status).toBe(200);
    expect(await xsdErrors(pain.text)).toEqual([]);
    expect(pain.text).toContain(`<EndToEndId>${endToEndIdOf(bankPayout.id)}</EndToEndId>`);
    expect(pain.text).toContain('<InstdAmt Ccy="EUR">70.00</InstdAmt>');
    expect(pain.text).toContain(`<IBAN>${TEST_IBANS.DE.iban.replace(/\s/g, "")}</IBAN>`);
    expect(pain.text).toContain("<Nm>Zoe Muller</Nm>");
    expect(pain.text).toContain(`<IBAN>${config().SELLER_IBAN.replace(/\s/g, "")}</IBAN>`);
    // Only the bank payouts travel in the file: the Connect creator is paid by Stripe.
    expect(pain.text).not.toContain(endToEndIdOf(stripePayout.id));
    const csv = await download(runId, "csv");
    expect(csv.text).toContain(
      `${endToEndIdOf(bankPayout.id)},Zoë Müller,DE89370400440532013000,COBADEFFXXX,70.00,EUR,Verdeo royalties 2026-01`,
    );

    expect((await submit(runId, { intent: "mark-sent" })).status).toBe(400);
    expect((await submit(runId, { intent: "mark-sent", confirmed: "yes" })).status).toBe(302);
    expect((await payoutOf(runId, bank.id))!.status).toBe("sent");
    const [run] = await db().select().from(payoutRuns).where(eq(payoutRuns.id, runId));
    expect(run!.status).toBe("completed");
    // Nothing is left for the bank file, and a second "Mark sent" changes nothing.
    expect((await download(runId, "pain001")).status).toBe(409);
    expect((await submit(runId, { intent: "mark-sent", confirmed: "yes" })).status).toBe(302);

    // Each line in one payout; the pending one in none.
    const connectLines = await linesOf(connect.id);
    expect(connectLines.filter((line) => line.payoutId === stripePayout.id)).toHaveLength(2);
    expect(connectLines.filter((line) => line.payoutId === null)).toHaveLength(1);
    expect(await balanceOf(db(), connect.id, now())).toMatchObject({ paidCents: 6_000, pendingCents: 1_000 });
    expect(await balanceOf(db(), bank.id, now())).toMatchObject({ paidCents: 7_000, availableCents: 0 });

    // The job running again (its retry, a second worker) makes no second transfer.
    await transferPayoutJob.handler(
      { payoutId: stripePayout.id },
      { id: "again", signal: new AbortController().signal },
    );
    expect(transfersTo(connect.id)).toHaveLength(1);

    const runHistory = (await listAudit({ targetType: "payout_run", targetId: runId })).map(
      (entry) => entry.action,
    );
    expect(runHistory.sort()).toEqual(
      [
        "payout_run.approve",
        "payout_run.complete",
        "payout_run.download_bank_file",
        "payout_run.download_bank_file",
        "payout_run.propose",
      ].sort(),
    );
    for (const payout of [stripePayout, bankPayout])
      expect(
        (await listAudit({ targetType: "payout", targetId: payout.id })).map((entry) => entry.action).sort(),
      ).toEqual(["payout.approve", "payout.send"]);

    // Each creator paid gets the month's statement, once, and a mail about it.
    const statements = await db()
      .select()
      .from(payoutStatements)
      .where(inArray(payoutStatements.creatorId, [connect.id, bank.id]));
    expect(statements.map((statement) => [statement.creatorId, statement.paidCents]).sort()).toEqual(
      [
        [connect.id, 6_000],
        [bank.id, 7_000],
      ].sort(),
    );
    for (const payee of [connect, bank]) {
      const mails = await outboxFor(payee.email);
      expect(mails.map((mail) => mail.subject)).toEqual([statementMailSubject("2026-01")]);
    }
  });
});

describe("who is left out of a run", () => {
  it("a creator under the threshold, with details missing, or with a negative balance is excluded with the reason, their lines kept", async () => {
    const under = await createPayee("bank");
    const noSeller = await createPayee("bank", { seller: false });
    const notOnboarded = await createPayee("stripe", { stripeStatus: "details_needed" });
    const noMethod = await createPayee(null);
    const negative = await createPayee("bank");
    await earn(under.id, config().PAYOUT_THRESHOLD_CENTS - 1, daysBefore(now(), 40));
    for (const creator of [noSeller, notOnboarded, noMethod])
      await earn(creator.id, 9_000, daysBefore(now(), 40));
    // A refund inside the window: the reversal counts at once, the royalty it cancels is still pending.
    const licenseId = await earn(negative.id, 3_000, daysBefore(now(), 3));
    const [royalty] = await db().select().from(royaltyLines).where(eq(royaltyLines.licenseId, licenseId));
    await db()
      .insert(royaltyLines)
      .values({
        ...royalty!,
        id: randomUUID(),
        kind: "reversal",
        amountCents: -3_000,
        reversesId: royalty!.id,
        availableAt: daysBefore(now(), 1),
      });

    const runId = await proposeFromConsole("2026-02");
    const exclusions = await db()
      .select()
      .from(payoutRunExclusions)
      .where(eq(payoutRunExclusions.runId, runId));
    const reasonOf = (creatorId: string) => exclusions.find((row) => row.creatorId === creatorId)?.reason;
    expect(reasonOf(under.id)).toBe("under_threshold");
    expect(reasonOf(noSeller.id)).toBe("details_missing:seller_details");
    expect(reasonOf(notOnboarded.id)).toBe("details_missing:stripe_onboarding");
    expect(reasonOf(noMethod.id)).toBe("details_missing:method");
    expect(reasonOf(negative.id)).toBe("negative_balance");
    expect(exclusions.find((row) => row.creatorId === negative.id)?.availableCents).toBe(-3_000);
    const excludedIds = [under.id, noSeller.id, notOnboarded.id, noMethod.id, negative.id];
    expect(await db().select().from(payouts).where(inArray(payouts.creatorId, excludedIds))).toEqual([]);
    const lines = await db().select().from(royaltyLines).where(inArray(royaltyLines.creatorId, excludedIds));
    expect(lines.every((line) => line.payoutId === null)).toBe(true);

    // The console says why, in euros and words.
    const page = await load(runLoader, runPath(runId), staff.cookie, { runId });
    const shown = (page.data as { view: { exclusions: { creatorId: string; reason: string }[] } }).view
      .exclusions;
    const text = exclusionReasonText(shown.find((row) => row.creatorId === noSeller.id)!.reason, 5_000);
    expect(text).toBe("Details missing: seller details (tax) missing.");
  });
});

describe("one run per month, each line paid once", () => {
  it("proposing a month five times at once makes one run; the next month takes only lines no payout holds", async () => {
    const creator = await createPayee("bank");
    await earn(creator.id, 6_000, daysBefore(now(), 40));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => proposeRun("2026-03", now(), { kind: "staff", userId: staff.id })),
    );
    const runIds = new Set(results.map((result) => (result.ok ? result.value.run.id : null)));
    expect(runIds.size).toBe(1);
    expect(results.filter((result) => result.ok && result.value.created)).toHaveLength(1);
    const [runId] = [...runIds] as string[];
    expect(await db().select().from(payouts).where(eq(payouts.creatorId, creator.id))).toHaveLength(1);

    // Staff proposing that month again from the console are sent to the same run.
    expect(await proposeFromConsole("2026-03")).toBe(runId);

    await earn(creator.id, 5_500, daysBefore(now(), 40));
    const next = await proposeRun("2026-04", now());
    if (!next.ok) throw new Error(next.reason);
    expect(await payoutOf(next.value.run.id, creator.id)).toMatchObject({ amountCents: 5_500 });
    const lines = await linesOf(creator.id);
    expect(new Set(lines.map((line) => line.payoutId)).size).toBe(2);
  });

  it("a month that has not ended cannot be proposed; a malformed month is refused", async () => {
    const thisMonth = now().toISOString().slice(0, 7);
    const refused = await post(
      listAction,
      "/staff/payouts",
      { intent: "propose", period: thisMonth },
      staff.cookie,
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { fieldErrors: { period: PAYOUT_RUN_TEXTS.periodInFuture } },
    });
    for (const period of ["2026-13", "2026-1\u0000", "9".repeat(40)]) {
      const bad = await post(listAction, "/staff/payouts", { intent: "propose", period }, staff.cookie);
      expect(bad.status).toBe(400);
    }
  });

  it("the job on the 1st proposes the month that just ended, once", async () => {
    expect(proposePayoutRunJob.cron).toBe("0 6 1 * *");
    const signal = new AbortController().signal;
    await proposePayoutRunJob.handler({ now: "2026-08-01T06:00:00Z" }, { id: "cron-1", signal });
    await proposePayoutRunJob.handler({ now: "2026-08-01T06:00:05Z" }, { id: "cron-2", signal });
    const runs = await db().select().from(payoutRuns).where(eq(payoutRuns.period, "2026-07"));
    expect(runs).toHaveLength(1);
    expect((await listAudit({ targetType: "payout_run", targetId: runs[0]!.id }))[0]).toMatchObject({
      actorId: "system:payouts",
      action: "payout_run.propose",
    });
  });
});

describe("approving a run", () => {
  it("20 parallel approvals of one run approve it once and pay each creator once", async () => {
    const creators = await Promise.all([createPayee("stripe"), createPayee("stripe")]);
    for (const creator of creators) await earn(creator.id, 8_000, daysBefore(now(), 40));
    const runId = await proposeFromConsole("2026-05");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        submit(runId, { intent: "approve", confirmed: "yes" }, index % 2 ? otherStaff.cookie : staff.cookie),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(302));
    const approvals = (await listAudit({ targetType: "payout_run", targetId: runId })).filter(
      (entry) => entry.action === "payout_run.approve",
    );
    expect(approvals).toHaveLength(1);
    await workDueJobs([transferPayoutJob]);
    await workDueJobs([transferPayoutJob]);
    for (const creator of creators) {
      expect(transfersTo(creator.id).map((transfer) => transfer.amount)).toEqual([8_000]);
      expect(await payoutOf(runId, creator.id)).toMatchObject({ status: "sent", attempts: 1 });
    }
    expect((await db().select().from(payoutRuns).where(eq(payoutRuns.id, runId)))[0]!.status).toBe(
      "completed",
    );
  });
});

describe("a Connect transfer that fails", () => {
  it("is recorded, shown, and retried without paying twice", async () => {
    const creator = await createPayee("stripe");
    await earn(creator.id, 12_345, daysBefore(now(), 40));
    const runId = await proposeFromConsole("2026-06");
    fake.failNextTransfers(1);
    expect((await approveRun({ runId, actor: { kind: "staff", userId: staff.id } })).ok).toBe(true);
    await workDueJobs([transferPayoutJob]);

    const failed = (await payoutOf(runId, creator.id))!;
    expect(failed).toMatchObject({ status: "failed", attempts: 1, transferRefusals: 1 });
    expect(failed.lastError).toContain("balance_insufficient");
    expect(transfersTo(creator.id)).toHaveLength(0);
    const page = await load(runLoader, runPath(runId), staff.cookie, { runId });
    const shown = (page.data as { view: { payouts: { id: string; lastError: string | null }[] } }).view
      .payouts;
    expect(shown.find((payout) => payout.id === failed.id)?.lastError).toContain("balance_insufficient");
    // Its lines are on the way, not paid, while it failed.
    expect(await balanceOf(db(), creator.id, now())).toMatchObject({ onTheWayCents: 12_345, paidCents: 0 });

    // Another run's id with this payout, or a payout id of nothing: not found.
    expect(
      (
        await post(runAction, runPath(randomUUID()), { intent: "retry", payoutId: failed.id }, staff.cookie, {
          runId: randomUUID(),
        })
      ).status,
    ).toBe(404);
    expect((await submit(runId, { intent: "retry", payoutId: "not-a-uuid" })).status).toBe(400);

    // Stripe is down for the queue's retry: no answer is no refusal, and the key stays.
    fake.failWith = { status: 500, code: "api_error" };
    await expect(
      transferPayoutJob.handler(
        { payoutId: failed.id },
        { id: "outage", signal: new AbortController().signal },
      ),
    ).rejects.toThrow();
    fake.failWith = undefined;
    expect(await payoutOf(runId, creator.id)).toMatchObject({
      status: "failed",
      attempts: 2,
      transferRefusals: 1,
    });

    // Stripe keeps its refusal as the answer to the first key: the retry asks under the next one.
    const retried = await submit(runId, { intent: "retry", payoutId: failed.id });
    expect(retried.status).toBe(302);
    expect(transfersTo(creator.id).map((transfer) => transfer.amount)).toEqual([12_345]);
    expect(await payoutOf(runId, creator.id)).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(
      fake.requests
        .filter((request) => request.path === "/v1/transfers" && request.method === "POST")
        .filter((request) => request.body.get("transfer_group") === failed.id)
        .map((request) => request.idempotencyKey),
    ).toEqual([failed.id, `${failed.id}:1`]);

    // The queue's own retry arrives afterwards, and staff press Retry again: nothing more is paid.
    await transferPayoutJob.handler(
      { payoutId: failed.id },
      { id: "retry", signal: new AbortController().signal },
    );
    expect((await submit(runId, { intent: "retry", payoutId: failed.id })).status).toBe(409);
    expect(transfersTo(creator.id)).toHaveLength(1);
    expect(await balanceOf(db(), creator.id, now())).toMatchObject({ paidCents: 12_345, onTheWayCents: 0 });
    expect(
      (await listAudit({ targetType: "payout", targetId: failed.id })).map((entry) => entry.action).sort(),
    ).toEqual(["payout.approve", "payout.fail", "payout.fail", "payout.retry", "payout.send"]);
  });

  it("a transfer Stripe made for an attempt whose answer was lost is recorded, not made again", async () => {
    const creator = await createPayee("stripe");
    await earn(creator.id, 6_100, daysBefore(now(), 40));
    const runId = await proposeFromConsole("2026-08");
    await approveRun({ runId, actor: { kind: "staff", userId: staff.id } });
    const payout = (await payoutOf(runId, creator.id))!;
    // The earlier attempt reached Stripe, then the process died before recording the answer.
    const transfer = {
      amount: 6_100,
      currency: "eur",
      destination: `acct_${creator.id.replace(/\W/g, "")}`,
      transfer_group: payout.id,
    };
    const made = await stripe().transfers.create(transfer, { idempotencyKey: payout.id });
    // Stripe (and its fake) answer a repeat under the same key with the same transfer.
    expect((await stripe().transfers.create(transfer, { idempotencyKey: payout.id })).id).toBe(made.id);
    await workDueJobs([transferPayoutJob]);
    expect(transfersTo(creator.id)).toHaveLength(1);
    expect(await payoutOf(runId, creator.id)).toMatchObject({ status: "sent", stripeTransferId: made.id });
  });
});

describe("the console's payout pages", () => {
  it("answer 404 to anyone without the payouts permission, and to ids of nothing", async () => {
    const creator = await signedIn("creator");
    const runId = randomUUID();
    expect((await load(listLoader, "/staff/payouts", creator.cookie)).status).toBe(404);
    expect((await load(runLoader, runPath(runId), creator.cookie, { runId })).status).toBe(404);
    expect((await submit(runId, { intent: "approve", confirmed: "yes" }, creator.cookie)).status).toBe(404);
    await expect(download(runId, "pain001", creator.cookie)).rejects.toMatchObject({ init: { status: 404 } });
    expect((await load(runLoader, runPath(runId), staff.cookie, { runId })).status).toBe(404);
    expect((await load(runLoader, "/staff/payouts/x", staff.cookie, { runId: "1 or 1=1" })).status).toBe(404);
    expect((await download(runId, "pain001")).status).toBe(404);
    expect((await submit(runId, { intent: "approve", confirmed: "yes" })).status).toBe(404);
  });

  it("a bank file is refused, naming the creator, while a bank account cannot be read", async () => {
    const creator = await createPayee("bank");
    await db()
      .update(payoutAccounts)
      .set({ bankIbanSealed: "v1:not-a-sealed-iban" })
      .where(eq(payoutAccounts.creatorId, creator.id));
    await earn(creator.id, 5_000, daysBefore(now(), 40));
    const runId = await proposeFromConsole("2026-10");
    await approveRun({ runId, actor: { kind: "staff", userId: staff.id } });
    // The run's page says so before anyone downloads.
    const page = await load(runLoader, runPath(runId), staff.cookie, { runId });
    expect((page.data as { bankProblems: string[] }).bankProblems).toEqual([creator.email]);
    const file = await download(runId, "csv");
    expect(file.status).toBe(409);
    expect(file.text).toBe(`${PAYOUT_RUN_TEXTS.bankDetailsMissing} ${creator.email}`);
  });

  it("a proposed run has no bank file yet", async () => {
    const creator = await createPayee("bank");
    await earn(creator.id, 5_000, daysBefore(now(), 40));
    const runId = await proposeFromConsole("2026-09");
    expect(await download(runId, "pain001")).toMatchObject({
      status: 409,
      text: PAYOUT_RUN_TEXTS.notApproved,
    });
    expect((await submit(runId, { intent: "mark-sent", confirmed: "yes" })).status).toBe(409);
  });
});
