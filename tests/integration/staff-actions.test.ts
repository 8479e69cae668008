import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_TEXTS } from "~/accounts/applications/creator-application";
import { decideCreatorApplication } from "~/accounts/applications/creator-applications.server";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { signInWithPassword } from "~/accounts/auth/sign-in.server";
import { replyToContactMessage, setContactMessageStatus } from "~/accounts/contact/contact-inbox.server";
import { CONTACT_REPLY_MAX, CONTACT_REPLY_TEXTS } from "~/accounts/contact/contact-schema";
import {
  contactMessages,
  contactReplies,
  creatorApplications,
  profiles,
  session,
} from "~/accounts/schema.server";
import { clipReports } from "~/catalog/schema.server";
import { TierFormSchema } from "~/commerce/pricing/plan-admin";
import { addTier, removeTier } from "~/commerce/pricing/plan-admin.server";
import { NewPromoCodeSchema, PROMO_ADMIN_TEXTS, PromoTermsSchema } from "~/commerce/pricing/promo-admin";
import { createPromoCode, updatePromoTerms } from "~/commerce/pricing/promo-admin.server";
import { orders, pricingTiers, promoCodes } from "~/commerce/schema.server";
import { action as hubAction, loader as hubLoader } from "~/content/routes/creators-hub";
import { listAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { listFailedJobs, listJobs } from "~/platform/jobs/queue.server";
import { queueMail } from "~/platform/mail.server";
import { MONEY_TEXTS } from "~/staff/money-forms";
import { action as creatorsAction } from "~/staff/routes/creators";
import { action as jobsAction, loader as jobsLoader } from "~/staff/routes/jobs";
import { action as messageAction } from "~/staff/routes/message";
import { action as plansAction } from "~/staff/routes/plans";
import { action as promoAction } from "~/staff/routes/promo";
import { action as newPromoAction } from "~/staff/routes/promo-new";
import { action as reportsAction } from "~/staff/routes/reports";
import { action as usersAction } from "~/staff/routes/users";
import { TEST_PASSWORD } from "../factories/accounts";
import { createClip, createProfile } from "../factories/catalog";
import { findTierId, getPage } from "../factories/commerce";
import { createOrder } from "../factories/licensing";
import { load, post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

let developer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  developer = await signedIn("developer");
});

/** Runs `change` with the audit table gone: the change must fail and leave nothing behind. */
async function withoutAuditLog(change: () => Promise<unknown>) {
  await database.db.execute(sql`alter table audit_log rename to audit_log_away`);
  try {
    // 42P01: the audit table is missing, so the audit insert (and with it the whole change) fails.
    await expect(change()).rejects.toMatchObject({
      cause: { code: "42P01", message: expect.stringContaining("audit_log") },
    });
  } finally {
    await database.db.execute(sql`alter table audit_log_away rename to audit_log`);
  }
}

async function lastAudit(targetType: string, targetId: string) {
  const [entry] = await listAudit({ targetType, targetId }, 1);
  return entry;
}

async function profileOf(id: string) {
  const [row] = await db().select().from(profiles).where(eq(profiles.id, id));
  return row!;
}

async function queuedMailTo(to: string) {
  return (await listJobs(["queued"], 500))
    .filter((job) => job.name === "mail.send")
    .map((job) => job.data as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
}

describe("users", () => {
  it("a developer changes a role; the audit keeps before and after", async () => {
    const target = await signedIn("user");
    const result = await post(
      usersAction,
      "/staff/users",
      { intent: "set-role", target: target.id, role: "creator" },
      developer.cookie,
    );
    expect(result.status).toBe(302);
    expect((await profileOf(target.id)).role).toBe("creator");
    expect(await lastAudit("user", target.id)).toMatchObject({
      actorId: developer.id,
      action: "user.set_role",
      before: { role: "user" },
      after: { role: "creator" },
    });
  });

  it("a role change and its audit entry are one transaction", async () => {
    const target = await signedIn("user");
    await withoutAuditLog(() =>
      post(
        usersAction,
        "/staff/users",
        { intent: "set-role", target: target.id, role: "developer" },
        developer.cookie,
      ),
    );
    expect((await profileOf(target.id)).role).toBe("user");
  });

  it("a forged second role field is refused, not obeyed", async () => {
    const target = await signedIn("user");
    const forged = await post(
      usersAction,
      "/staff/users",
      [
        ["intent", "set-role"],
        ["target", target.id],
        ["role", "creator"],
        ["role", "developer"],
      ],
      developer.cookie,
    );
    expect(forged).toMatchObject({ status: 400, data: { formError: "Choose a user and an action." } });
    expect((await profileOf(target.id)).role).toBe("user");
  });

  it("staff cannot change or suspend themselves", async () => {
    const own = await post(
      usersAction,
      "/staff/users",
      { intent: "set-role", target: developer.id, role: "user" },
      developer.cookie,
    );
    expect(own.status).toBe(400);
    const suspended = await post(
      usersAction,
      "/staff/users",
      { intent: "suspend", target: developer.id, confirmed: "yes" },
      developer.cookie,
    );
    expect(suspended.status).toBe(400);
    expect((await profileOf(developer.id)).role).toBe("developer");
  });

  it("suspending needs the confirm step, ends every session and refuses sign-in until reinstated", async () => {
    const target = await signedIn("user");
    const unconfirmed = await post(
      usersAction,
      "/staff/users",
      { intent: "suspend", target: target.id },
      developer.cookie,
    );
    expect(unconfirmed.status).toBe(400);
    expect((await profileOf(target.id)).suspendedAt).toBeNull();

    const result = await post(
      usersAction,
      "/staff/users",
      { intent: "suspend", target: target.id, confirmed: "yes" },
      developer.cookie,
    );
    expect(result.status).toBe(302);
    expect((await profileOf(target.id)).suspendedAt).not.toBeNull();
    expect(await db().select().from(session).where(eq(session.userId, target.id))).toEqual([]);
    expect(await getOptionalUser(getPage("/", target.cookie))).toBeNull();
    const signIn = await signInWithPassword({
      email: target.email,
      password: TEST_PASSWORD,
      ip: "10.77.0.1",
      headers: new Headers(),
    });
    expect(signIn).toEqual({ ok: false, reason: "suspended" });
    expect(await lastAudit("user", target.id)).toMatchObject({
      action: "user.suspend",
      actorId: developer.id,
    });

    await post(usersAction, "/staff/users", { intent: "reinstate", target: target.id }, developer.cookie);
    expect((await profileOf(target.id)).suspendedAt).toBeNull();
    const again = await signInWithPassword({
      email: target.email,
      password: TEST_PASSWORD,
      ip: "10.77.0.2",
      headers: new Headers(),
    });
    expect(again.ok).toBe(true);
  });

  it("an unknown user id is a 404, a role outside the list a 400", async () => {
    expect(
      (
        await post(
          usersAction,
          "/staff/users",
          { intent: "set-role", target: "nobody", role: "creator" },
          developer.cookie,
        )
      ).status,
    ).toBe(404);
    const target = await signedIn("user");
    expect(
      (
        await post(
          usersAction,
          "/staff/users",
          { intent: "set-role", target: target.id, role: "admin" },
          developer.cookie,
        )
      ).status,
    ).toBe(400);
  });
});

describe("creator applications", () => {
  async function apply(cookie: string, fields: Record<string, string> = {}) {
    return post(
      hubAction,
      "/creators-hub",
      { portfolioUrl: "https://vimeo.com/someone", message: "City timelapses", terms: "on", ...fields },
      cookie,
    );
  }

  it("a user applies once from /creators-hub; a second application waits for the first", async () => {
    const applicant = await signedIn("user");
    expect((await apply(applicant.cookie)).status).toBe(302);
    const second = await apply(applicant.cookie);
    expect(second).toMatchObject({ status: 409, data: { formError: APPLICATION_TEXTS.alreadyPending } });
    const hub = await load(hubLoader, "/creators-hub", applicant.cookie);
    expect(hub.data).toMatchObject({ apply: { application: { status: "pending" } } });
  });

  it("refuses an application without terms, with a bad link or with control characters", async () => {
    const applicant = await signedIn("user");
    expect(await apply(applicant.cookie, { terms: "" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { terms: APPLICATION_TEXTS.termsRequired } },
    });
    expect(await apply(applicant.cookie, { portfolioUrl: "javascript:alert(1)" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { portfolioUrl: APPLICATION_TEXTS.portfolioInvalid } },
    });
    expect((await apply(applicant.cookie, { message: "nul\u0000byte" })).status).toBe(400);
    expect(
      await db().select().from(creatorApplications).where(eq(creatorApplications.userId, applicant.id)),
    ).toEqual([]);
  });

  it("approval makes the applicant a creator, mails them and is audited; a second decision is refused", async () => {
    const applicant = await signedIn("user");
    await apply(applicant.cookie);
    const [application] = await db()
      .select()
      .from(creatorApplications)
      .where(eq(creatorApplications.userId, applicant.id));
    const approved = await post(
      creatorsAction,
      "/staff/creators",
      { intent: "approve", target: application!.id },
      developer.cookie,
    );
    expect(approved.status).toBe(302);
    expect((await profileOf(applicant.id)).role).toBe("creator");
    expect(await queuedMailTo(applicant.email)).toContainEqual(
      expect.objectContaining({ subject: APPLICATION_TEXTS.approvedMailSubject }),
    );
    expect(await lastAudit("creator_application", application!.id)).toMatchObject({
      action: "creator_application.approve",
      before: { status: "pending", role: "user" },
      after: { status: "approved", role: "creator" },
    });
    const again = await post(
      creatorsAction,
      "/staff/creators",
      { intent: "decline", target: application!.id, confirmed: "yes", message: "No" },
      developer.cookie,
    );
    expect(again.status).toBe(409);
  });

  it("declining needs the confirm step and a message; the applicant keeps their role", async () => {
    const applicant = await signedIn("user");
    await apply(applicant.cookie);
    const [application] = await db()
      .select()
      .from(creatorApplications)
      .where(eq(creatorApplications.userId, applicant.id));
    const target = application!.id;
    expect(
      (
        await post(
          creatorsAction,
          "/staff/creators",
          { intent: "decline", target, message: "Not yet" },
          developer.cookie,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await post(
          creatorsAction,
          "/staff/creators",
          { intent: "decline", target, confirmed: "yes" },
          developer.cookie,
        )
      ).data?.formError,
    ).toBe(APPLICATION_TEXTS.declineMessageRequired);
    await withoutAuditLog(() =>
      post(
        creatorsAction,
        "/staff/creators",
        { intent: "decline", target, confirmed: "yes", message: "Not yet" },
        developer.cookie,
      ),
    );
    expect(
      (await db().select().from(creatorApplications).where(eq(creatorApplications.id, target)))[0]?.status,
    ).toBe("pending");

    const declined = await post(
      creatorsAction,
      "/staff/creators",
      { intent: "decline", target, confirmed: "yes", message: "More variety, please." },
      developer.cookie,
    );
    expect(declined.status).toBe(302);
    expect((await profileOf(applicant.id)).role).toBe("user");
    expect(await queuedMailTo(applicant.email)).toContainEqual(
      expect.objectContaining({ subject: APPLICATION_TEXTS.declinedMailSubject }),
    );
  });

  it("the decision service takes a checked decision and refuses in its own words: not_found, already_decided", async () => {
    const applicant = await signedIn("user");
    await apply(applicant.cookie);
    const [application] = await db()
      .select()
      .from(creatorApplications)
      .where(eq(creatorApplications.userId, applicant.id));
    const approve = { decision: "approve", message: "" } as const;
    expect(
      await decideCreatorApplication({
        applicationId: randomUUID(),
        decision: approve,
        actor: developer.user,
      }),
    ).toEqual({ ok: false, reason: "not_found" });
    expect(
      await decideCreatorApplication({
        applicationId: application!.id,
        decision: approve,
        actor: developer.user,
      }),
    ).toEqual({ ok: true, value: { decision: "approve" } });
    expect(
      await decideCreatorApplication({
        applicationId: application!.id,
        decision: { decision: "decline", message: "Too late" },
        actor: developer.user,
      }),
    ).toEqual({ ok: false, reason: "already_decided" });
  });
});

describe("contact messages", () => {
  async function message() {
    const author = await signedIn("user");
    const [row] = await db()
      .insert(contactMessages)
      .values({
        userId: author.id,
        username: author.username,
        email: author.email,
        subject: "Invoice",
        message: "Where is it?",
      })
      .returning();
    return row!;
  }

  /** Posts to a message's staff page as the developer. */
  const postToMessage = (messageId: string, fields: Record<string, string>) =>
    post(messageAction, `/staff/messages/${messageId}`, fields, developer.cookie, { messageId });

  it("a reply is stored, marks the message answered, is mailed through the queue and audited", async () => {
    const row = await message();
    const result = await postToMessage(row.id, { intent: "reply", body: "It is attached now." });
    expect(result.status).toBe(302);
    expect(
      await db().select().from(contactReplies).where(eq(contactReplies.messageId, row.id)),
    ).toMatchObject([{ body: "It is attached now.", authorId: developer.id }]);
    expect((await db().select().from(contactMessages).where(eq(contactMessages.id, row.id)))[0]?.status).toBe(
      "answered",
    );
    expect(await queuedMailTo(row.email)).toContainEqual(expect.objectContaining({ subject: "Re: Invoice" }));
    expect(await lastAudit("contact_message", row.id)).toMatchObject({
      action: "contact_message.reply",
      after: { status: "answered" },
    });
  });

  it("a blank reply or one with a NUL is refused and nothing is stored or sent", async () => {
    const row = await message();
    expect((await postToMessage(row.id, { intent: "reply", body: "   " })).status).toBe(400);
    expect((await postToMessage(row.id, { intent: "reply", body: "a\u0000b" })).status).toBe(400);
    await withoutAuditLog(() => postToMessage(row.id, { intent: "reply", body: "Hello" }));
    expect(await db().select().from(contactReplies).where(eq(contactReplies.messageId, row.id))).toEqual([]);
    expect(await queuedMailTo(row.email)).toEqual([]);
  });

  it("a blank reply is refused with the schema's own sentence", async () => {
    const row = await message();
    const refused = await postToMessage(row.id, { intent: "reply", body: "   " });
    expect(refused).toMatchObject({ status: 400, data: { formError: CONTACT_REPLY_TEXTS.empty } });
  });

  it("the inbox services take checked input and answer not_found for an unknown message", async () => {
    const missing = randomUUID();
    expect(
      await replyToContactMessage({ messageId: missing, reply: { body: "Hello" }, actor: developer.user }),
    ).toEqual({ ok: false, reason: "not_found" });
    expect(
      await setContactMessageStatus({ messageId: missing, status: "closed", actor: developer.user }),
    ).toEqual({ ok: false, reason: "not_found" });
  });

  it("setting the status a message already has changes nothing and writes no audit entry", async () => {
    const row = await message();
    expect(
      await setContactMessageStatus({ messageId: row.id, status: "open", actor: developer.user }),
    ).toEqual({
      ok: true,
      value: { changed: false },
    });
    expect(await lastAudit("contact_message", row.id)).toBeUndefined();
    const replied = await replyToContactMessage({
      messageId: row.id,
      reply: { body: "Found it." },
      actor: developer.user,
    });
    expect(replied).toMatchObject({ ok: true, value: { replyId: expect.any(String) } });
  });

  it("a refused reply says why and gives the text back to edit", async () => {
    const row = await message();
    const body = "x".repeat(CONTACT_REPLY_MAX + 1);
    const refused = await postToMessage(row.id, { intent: "reply", body });
    expect(refused).toMatchObject({
      status: 400,
      data: { formError: expect.stringContaining(CONTACT_REPLY_MAX.toLocaleString("en")), values: { body } },
    });
  });

  it("staff close a message; an unknown id is a 404", async () => {
    const row = await message();
    const closed = await postToMessage(row.id, { intent: "set-status", status: "closed" });
    expect(closed.status).toBe(302);
    expect(await lastAudit("contact_message", row.id)).toMatchObject({
      before: { status: "open" },
      after: { status: "closed" },
    });
    const missing = randomUUID();
    expect((await postToMessage(missing, { intent: "set-status", status: "closed" })).status).toBe(404);
  });
});

describe("promo codes", () => {
  it("the promo service refuses in its own words: expiry_past, code_taken, max_uses_below_used", async () => {
    const actorId = developer.id;
    const promo = NewPromoCodeSchema.parse({ code: "words-26", type: "fixed", value: "500", maxUses: "3" });
    const created = await createPromoCode({ promo, actorId });
    expect(created).toMatchObject({ ok: true, value: { code: "WORDS-26", maxUses: 3 } });
    expect(await createPromoCode({ promo, actorId })).toEqual({ ok: false, reason: "code_taken" });
    const past = { ...promo, code: "WORDS-27", expiresAt: new Date("2020-01-01T00:00:00Z") };
    expect(await createPromoCode({ promo: past, actorId })).toEqual({ ok: false, reason: "expiry_past" });
    await db().update(promoCodes).set({ usesCount: 2 }).where(eq(promoCodes.code, "WORDS-26"));
    const terms = PromoTermsSchema.parse({ type: "fixed", value: "500", maxUses: "1" });
    expect(await updatePromoTerms({ code: "WORDS-26", terms, actorId })).toEqual({
      ok: false,
      reason: "max_uses_below_used",
    });
    expect(await updatePromoTerms({ code: "NO-SUCH-CODE", terms, actorId })).toEqual({
      ok: false,
      reason: "not_found",
    });
  });

  const create = (fields: Record<string, string>) =>
    post(
      newPromoAction,
      "/staff/promos/new",
      { intent: "create", type: "percent", value: "15", ...fields },
      developer.cookie,
    );

  it("creates a code uppercased, unique whatever the case, with limits; audited", async () => {
    expect((await create({ code: "spring-26", maxUses: "100", perCustomerLimit: "1" })).status).toBe(302);
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.code, "SPRING-26"));
    expect(row).toMatchObject({
      type: "percent",
      value: 15,
      maxUses: 100,
      perCustomerLimit: 1,
      usesCount: 0,
      isActive: true,
    });
    expect(await create({ code: "Spring-26" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { code: PROMO_ADMIN_TEXTS.codeTaken } },
    });
    expect(await lastAudit("promo", "SPRING-26")).toMatchObject({
      action: "promo.create",
      actorId: developer.id,
    });
  });

  it.each([
    [{ code: "BIG", value: "101" }, "value", PROMO_ADMIN_TEXTS.percentRange],
    [{ code: "FIX", type: "fixed", value: "0" }, "value", MONEY_TEXTS.promoFixed],
    [{ code: "FIX2", type: "fixed", value: "99999999999" }, "value", MONEY_TEXTS.promoFixed],
    [{ code: "FIX3", type: "fixed", value: "4.995" }, "value", MONEY_TEXTS.promoFixed],
    [{ code: "FIX4", type: "fixed", value: "-5" }, "value", MONEY_TEXTS.promoFixed],
    [{ code: "FIX5", type: "fixed", value: "21474836.48" }, "value", MONEY_TEXTS.promoFixed],
    [{ code: "A", value: "5" }, "code", PROMO_ADMIN_TEXTS.codeShape],
    [{ code: "MAXED", maxUses: "0" }, "maxUses", PROMO_ADMIN_TEXTS.maxUsesRange],
    [{ code: "OLD", expiresAt: "2020-01-01T00:00" }, "expiresAt", PROMO_ADMIN_TEXTS.expiryPast],
    [{ code: "WHEN", expiresAt: "tomorrow" }, "expiresAt", PROMO_ADMIN_TEXTS.expiryInvalid],
  ])("refuses %j beside the field %s with a clear message", async (fields, field, message) => {
    expect(await create(fields)).toMatchObject({ status: 400, data: { fieldErrors: { [field]: message } } });
    expect(
      await db().select().from(promoCodes).where(eq(promoCodes.code, fields.code.toUpperCase())),
    ).toEqual([]);
  });

  it("a fixed discount typed in euros is stored in exact cents, and what was typed comes back when refused", async () => {
    expect((await create({ code: "HALF-EURO", type: "fixed", value: "12.5" })).status).toBe(302);
    expect((await db().select().from(promoCodes).where(eq(promoCodes.code, "HALF-EURO")))[0]).toMatchObject({
      type: "fixed",
      value: 1250,
    });
    expect(await create({ code: "HALF-EURO", type: "fixed", value: "12.5" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { code: PROMO_ADMIN_TEXTS.codeTaken }, values: { value: "12.5" } },
    });
    const nul = await create({ code: "NUL-EURO", type: "fixed", value: "12\u00005" });
    expect(nul.status).toBe(400);
    expect(await db().select().from(promoCodes).where(eq(promoCodes.code, "NUL-EURO"))).toEqual([]);
  });

  it("edits terms (never below the uses so far) and deactivates only after the confirm step", async () => {
    await create({ code: "EDITME" });
    await db().update(promoCodes).set({ usesCount: 5 }).where(eq(promoCodes.code, "EDITME"));
    const path = "/staff/promos/EDITME";
    const params = { code: "EDITME" };
    const below = await post(
      promoAction,
      path,
      { intent: "update", type: "fixed", value: "5", maxUses: "4" },
      developer.cookie,
      params,
    );
    expect(below).toMatchObject({
      status: 400,
      data: { fieldErrors: { maxUses: PROMO_ADMIN_TEXTS.maxUsesBelowUsed } },
    });
    expect(
      (
        await post(
          promoAction,
          path,
          { intent: "update", type: "fixed", value: "5.00", maxUses: "5" },
          developer.cookie,
          params,
        )
      ).status,
    ).toBe(302);
    expect((await db().select().from(promoCodes).where(eq(promoCodes.code, "EDITME")))[0]).toMatchObject({
      type: "fixed",
      value: 500,
      maxUses: 5,
      usesCount: 5,
    });

    expect((await post(promoAction, path, { intent: "deactivate" }, developer.cookie, params)).status).toBe(
      400,
    );
    await withoutAuditLog(() =>
      post(promoAction, path, { intent: "deactivate", confirmed: "yes" }, developer.cookie, params),
    );
    expect((await db().select().from(promoCodes).where(eq(promoCodes.code, "EDITME")))[0]?.isActive).toBe(
      true,
    );
    expect(
      (await post(promoAction, path, { intent: "deactivate", confirmed: "yes" }, developer.cookie, params))
        .status,
    ).toBe(302);
    expect((await db().select().from(promoCodes).where(eq(promoCodes.code, "EDITME")))[0]?.isActive).toBe(
      false,
    );
    expect((await lastAudit("promo", "EDITME"))?.action).toBe("promo.deactivate");
  });
});

describe("plans", () => {
  it("the plan service refuses in its own words: not_found, downloads_taken, last_tier", async () => {
    const tier = TierFormSchema.parse({ downloads: "5", priceCents: "100", displayOrder: "9" });
    const actorId = developer.id;
    expect(await addTier({ category: "creator", tier, actorId })).toEqual({
      ok: false,
      reason: "downloads_taken",
    });
    const proTier = await findTierId("pro");
    expect(await removeTier({ category: "pro", tierId: proTier, actorId })).toEqual({
      ok: false,
      reason: "last_tier",
    });
    expect(await removeTier({ category: "creator", tierId: proTier, actorId })).toEqual({
      ok: false,
      reason: "not_found",
    });
  });

  it("a tier's new price, typed in euros, reaches new checkouts, never an existing order", async () => {
    const order = await createOrder({ unitPriceCents: 4_900 });
    const tierId = await findTierId("creator", 5);
    const result = await post(
      plansAction,
      "/staff/plans",
      {
        intent: "update-tier",
        category: "creator",
        tierId: String(tierId),
        downloads: "5",
        price: "59",
        displayOrder: "0",
      },
      developer.cookie,
    );
    expect(result.status).toBe(302);
    expect((await db().select().from(pricingTiers).where(eq(pricingTiers.id, tierId)))[0]?.priceCents).toBe(
      5_900,
    );
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]).toEqual(order);
    expect(await lastAudit("plan", "creator")).toMatchObject({
      action: "plan.update_tier",
      before: { priceCents: 4_900 },
      after: { priceCents: 5_900 },
    });
  });

  it("refuses a duplicate tier, a negative price and removing without confirmation", async () => {
    const tierId = String(await findTierId("business"));
    const five = await post(
      plansAction,
      "/staff/plans",
      { intent: "add-tier", category: "business", downloads: "5", price: "1", displayOrder: "9" },
      developer.cookie,
    );
    expect(five.status).toBe(400);
    const negative = await post(
      plansAction,
      "/staff/plans",
      {
        intent: "update-tier",
        category: "business",
        tierId,
        downloads: "5",
        price: "-1",
        displayOrder: "0",
      },
      developer.cookie,
    );
    expect(negative.status).toBe(400);
    expect(
      (
        await post(
          plansAction,
          "/staff/plans",
          { intent: "remove-tier", category: "business", target: tierId },
          developer.cookie,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await db()
          .select()
          .from(pricingTiers)
          .where(eq(pricingTiers.id, Number(tierId)))
      ).length,
    ).toBe(1);
  });

  it("a refused tier field is named beside that field and keeps the plan's category for the page", async () => {
    const negative = await post(
      plansAction,
      "/staff/plans",
      {
        intent: "update-tier",
        category: "business",
        tierId: String(await findTierId("business")),
        downloads: "5",
        price: "-1",
        displayOrder: "0",
      },
      developer.cookie,
    );
    expect(negative).toMatchObject({
      status: 400,
      data: { fieldErrors: { price: MONEY_TEXTS.tierPrice }, values: { category: "business" } },
    });
  });

  it("a plan edit and its audit entry are one transaction", async () => {
    await withoutAuditLog(() =>
      post(
        plansAction,
        "/staff/plans",
        { intent: "update-plan", category: "pro", title: "Renamed", subtitle: "x", displayOrder: "3" },
        developer.cookie,
      ),
    );
    const result = await post(
      plansAction,
      "/staff/plans",
      {
        intent: "update-plan",
        category: "pro",
        title: "Pro Unlimited",
        subtitle: "Everything",
        perks: "A\nB",
        isActive: "on",
        displayOrder: "3",
      },
      developer.cookie,
    );
    expect(result.status).toBe(302);
    expect((await lastAudit("plan", "pro"))?.after).toMatchObject({
      title: "Pro Unlimited",
      perks: ["A", "B"],
    });
  });
});

describe("clip reports", () => {
  it("staff resolve a report; audited in the same transaction", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id });
    const [report] = await db()
      .insert(clipReports)
      .values({ clipId: clipId, reason: "copyright", details: "Mine" })
      .returning();
    const target = String(report!.id);
    await withoutAuditLog(() =>
      post(reportsAction, "/staff/reports", { target, status: "resolved" }, developer.cookie),
    );
    expect((await db().select().from(clipReports).where(eq(clipReports.id, report!.id)))[0]?.status).toBe(
      "open",
    );
    expect(
      (await post(reportsAction, "/staff/reports", { target, status: "resolved" }, developer.cookie)).status,
    ).toBe(302);
    expect(await lastAudit("clip_report", target)).toMatchObject({
      action: "clip_report.set_status",
      after: { status: "resolved" },
    });
  });
});

describe("jobs", () => {
  it("lists a failed job with its error but not its data, and a developer queues it again (audited)", async () => {
    await queueMail({
      to: "someone@example.com",
      subject: "Secret link",
      text: "https://example.com/reset?token=abc",
    });
    const [job] = (await listJobs(["queued"], 500)).filter(
      (row) => (row.data as { subject?: string }).subject === "Secret link",
    );
    await database.db.execute(
      sql`update pgboss.job set state = 'failed', output = '{"message":"SMTP refused"}'::jsonb where id = ${job!.id}`,
    );

    const page = await load(jobsLoader, "/staff/jobs", developer.cookie);
    const failed = (page.data as { failed: Record<string, unknown>[] }).failed.find(
      (row) => row.id === job!.id,
    );
    expect(failed).toMatchObject({
      name: "mail.send",
      error: "SMTP refused",
      mail: "To someone@example.com: Secret link",
    });
    expect(failed).not.toHaveProperty("data");

    const retried = await post(
      jobsAction,
      "/staff/jobs",
      { intent: "retry", target: job!.id },
      developer.cookie,
    );
    expect(retried.status).toBe(302);
    expect((await listFailedJobs()).map((row) => row.id)).not.toContain(job!.id);
    expect(await lastAudit("job", job!.id)).toMatchObject({ action: "job.retry", actorId: developer.id });
    const again = await post(
      jobsAction,
      "/staff/jobs",
      { intent: "retry", target: job!.id },
      developer.cookie,
    );
    expect(again.status).toBe(409);
  });
});
