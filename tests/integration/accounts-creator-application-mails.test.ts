import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { APPLICATION_TEXTS } from "~/accounts/applications/creator-application";
import { decideCreatorApplication } from "~/accounts/applications/creator-applications.server";
import { creatorApplications } from "~/accounts/schema.server";
import { action as hubAction } from "~/content/routes/creators-hub";
import { db } from "~/platform/db/client.server";
import { post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";

useTestDatabase();

async function applyAs() {
  const applicant = await signedIn("user");
  const sent = await post(
    hubAction,
    "/creators-hub",
    { portfolioUrl: "https://vimeo.com/someone", message: "Coastal timelapses", terms: "on" },
    applicant.cookie,
  );
  expect(sent.status).toBe(302);
  const [application] = await db()
    .select()
    .from(creatorApplications)
    .where(eq(creatorApplications.userId, applicant.id));
  return { applicant, applicationId: application!.id };
}

describe("mails to an applicant", () => {
  it("an application is acknowledged by mail as soon as it is in", async () => {
    const { applicant } = await applyAs();
    const mails = await outboxFor(applicant.email);
    expect(mails).toEqual([
      expect.objectContaining({
        subject: APPLICATION_TEXTS.receivedMailSubject,
        text: expect.stringContaining(APPLICATION_TEXTS.receivedMailBody),
      }),
    ]);
  });

  it("a refused application (a second while one is pending) sends nothing more", async () => {
    const { applicant } = await applyAs();
    const again = await post(
      hubAction,
      "/creators-hub",
      { portfolioUrl: "https://vimeo.com/someone", message: "Again", terms: "on" },
      applicant.cookie,
    );
    expect(again.status).toBe(409);
    expect(await outboxFor(applicant.email)).toHaveLength(1);
  });

  it("approval and decline reach the applicant, the decline with the team's reason", async () => {
    const staff = await signedIn("developer");
    const first = await applyAs();
    const second = await applyAs();

    await decideCreatorApplication({
      applicationId: first.applicationId,
      decision: { decision: "approve", message: "" },
      actor: staff.user,
    });
    await decideCreatorApplication({
      applicationId: second.applicationId,
      decision: { decision: "decline", message: "We need footage of at least 1280x720." },
      actor: staff.user,
    });

    expect((await outboxFor(first.applicant.email)).map((mail) => mail.subject)).toEqual([
      APPLICATION_TEXTS.receivedMailSubject,
      APPLICATION_TEXTS.approvedMailSubject,
    ]);
    const declined = await outboxFor(second.applicant.email);
    expect(declined.at(-1)).toMatchObject({ subject: APPLICATION_TEXTS.declinedMailSubject });
    expect(declined.at(-1)?.text).toContain("We need footage of at least 1280x720.");
  });
});
