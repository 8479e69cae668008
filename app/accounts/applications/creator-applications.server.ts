import { recordAudit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import type { I18n } from "~/platform/i18n/i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { type Mail, queueMail } from "~/platform/mail.server";
import { fail, ok, type Result } from "~/platform/result";
import type { SessionUser } from "../auth/session.server";
import { lockProfile, updateProfileRole } from "../people/user-admin.queries.server";
import { isUniqueViolation } from "../profiles/profiles.server";
import type { ApplicationDecision, CreatorApplication } from "./creator-application";
import {
  findLatestApplicationOf,
  findPendingApplicationOf,
  insertApplication,
  lockApplication,
  updateApplication,
} from "./creator-applications.queries.server";

export type SubmitApplicationResult = Result<null, "already_creator" | "already_pending">;

/**
 * A signed-in user asks to become a creator (from /creators-hub), with an application already
 * checked against `CreatorApplicationSchema`. One open application at a time; the applicant is
 * mailed that it arrived, in the same transaction, in their stored language, else `language` (the
 * page they applied on).
 */
export async function submitCreatorApplication(input: {
  user: SessionUser;
  application: CreatorApplication;
  language?: Locale;
}): Promise<SubmitApplicationResult> {
  const { user, application } = input;
  const i18n = mailI18n(user.language ?? input.language);
  if (user.role !== "user") return fail("already_creator");
  if (await findPendingApplicationOf(user.id)) return fail("already_pending");
  try {
    await db().transaction(async (tx) => {
      await insertApplication(
        {
          userId: user.id,
          portfolioUrl: application.portfolioUrl,
          message: application.message,
          termsAcceptedAt: new Date(),
        },
        tx,
      );
      await queueMail(receivedMail(i18n, user.email, user.fullName), { tx });
    });
    return ok(null);
  } catch (error) {
    // A double submit raced the check above: the partial unique index kept one.
    if (isUniqueViolation(error, "creator_applications_one_pending")) {
      return fail("already_pending");
    }
    throw error;
  }
}

export type DecideApplicationResult = Result<
  { decision: ApplicationDecision["decision"] },
  "not_found" | "already_decided"
>;

/**
 * Approves (the applicant becomes a creator) or declines with a message, a decision already checked
 * against `ApplicationDecisionSchema`. The row is locked, so of two staff deciding at once the
 * second is told it is already decided; the mail is queued in the same transaction, in the
 * applicant's stored language.
 */
export async function decideCreatorApplication(input: {
  applicationId: string;
  decision: ApplicationDecision;
  actor: SessionUser;
}): Promise<DecideApplicationResult> {
  const { decision, message } = input.decision;
  return db().transaction(async (tx) => {
    const application = await lockApplication(tx, input.applicationId);
    if (!application) return fail("not_found");
    if (application.status !== "pending") return fail("already_decided");
    const profile = await lockProfile(tx, application.userId);
    if (!profile) return fail("not_found");

    const status = decision === "approve" ? "approved" : "declined";
    await updateApplication(tx, application.id, {
      status,
      decisionMessage: message || null,
      decidedBy: input.actor.id,
      decidedAt: new Date(),
    });
    // Staff keep their own role; everyone else becomes a creator.
    const roleAfter = decision === "approve" && profile.role === "user" ? "creator" : profile.role;
    if (roleAfter !== profile.role) await updateProfileRole(tx, profile.id, roleAfter);
    await recordAudit(tx, {
      actorId: input.actor.id,
      action: `creator_application.${decision}`,
      targetType: "creator_application",
      targetId: application.id,
      before: { status: application.status, role: profile.role },
      after: { status, role: roleAfter, message: message || null },
    });
    if (profile.email) {
      const i18n = mailI18n(isLocale(profile.language) ? profile.language : null);
      await queueMail(decisionMail(i18n, profile.email, profile.fullName, decision, message), { tx });
    }
    return ok({ decision });
  });
}

/** The applicant's mails in `language` (English when none is known). */
function mailI18n(language: Locale | null | undefined) {
  return translator(language ?? DEFAULT_LOCALE, ["accounts-mail"]);
}

function greeting(i18n: I18n, name: string) {
  return name ? i18n.t("accounts-mail.greeting", { name }) : i18n.t("accounts-mail.greetingNoName");
}

function receivedMail(i18n: I18n, to: string, name: string): Mail {
  return {
    to,
    subject: i18n.t("accounts-mail.application.receivedSubject"),
    text: `${greeting(i18n, name)}\n\n${i18n.t("accounts-mail.application.receivedBody")}\n\n${i18n.t("accounts-mail.signOff")}`,
  };
}

function decisionMail(
  i18n: I18n,
  to: string,
  name: string,
  decision: "approve" | "decline",
  message: string,
): Mail {
  const note = message ? `\n\n${message}` : "";
  const signOff = i18n.t("accounts-mail.signOff");
  if (decision === "approve") {
    const studio = `${config().PUBLIC_URL}${i18n.path("/studio")}`;
    return {
      to,
      subject: i18n.t("accounts-mail.application.approvedSubject"),
      text: `${greeting(i18n, name)}\n\n${i18n.t("accounts-mail.application.approvedBody", { url: studio })}${note}\n\n${signOff}`,
    };
  }
  return {
    to,
    subject: i18n.t("accounts-mail.application.declinedSubject"),
    text: `${greeting(i18n, name)}\n\n${i18n.t("accounts-mail.application.declinedBody")}${note}\n\n${signOff}`,
  };
}

/** What /creators-hub tells a signed-in user about their latest application. */
export async function findApplicationState(userId: string) {
  const latest = await findLatestApplicationOf(userId);
  return latest
    ? { status: latest.status, decisionMessage: latest.decisionMessage, createdAt: latest.createdAt }
    : null;
}

/** The staff console lists and counts applications as stored. */
export {
  type ApplicationFilter,
  countPendingApplications,
  listApplications,
} from "./creator-applications.queries.server";
