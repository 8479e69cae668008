import { describe, expect, it } from "vitest";
import { saveLanguage } from "~/accounts/profiles/profile-language.server";
import { CLIP_MAILS } from "~/studio/clips/clip-mails";
import { approveClip, rejectClip } from "~/studio/clips/review.server";
import { REJECTION_REASONS } from "~/studio/clips/review-reasons";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";

useTestDatabase();

describe("clip mails in the creator's language", () => {
  it("a Japanese-speaking creator hears of the approval in Japanese, with the Japanese studio page", async () => {
    const creator = await createProfile({ fullName: "佐藤 花子" });
    await saveLanguage(creator!.id, "ja");
    const clipId = await createClip({ userId: creator!.id, title: "富士山の朝", status: "in_review" });
    await approveClip({ clipId: clipId!, actor: { id: "staff-1" } });
    const [mail] = await outboxFor(creator!.email);
    expect(mail?.subject).toBe("クリップ「富士山の朝」が公開されました");
    expect(mail?.text).toContain("佐藤 花子 様");
    expect(mail?.text).toContain("「富士山の朝」は審査を通過し、Verdeo のカタログに掲載されました。");
    expect(mail?.text).toContain(`/ja/studio/clips/${clipId}`);
  });

  it("a German-speaking creator's rejection is German, the reviewer's reason quoted as the studio shows it", async () => {
    const creator = await createProfile({ fullName: "Jonas Weber" });
    await saveLanguage(creator!.id, "de");
    const clipId = await createClip({ userId: creator!.id, title: "Logo Straße", status: "in_review" });
    await rejectClip({ clipId: clipId!, reason: "logos", actor: { id: "staff-1" } });
    const [mail] = await outboxFor(creator!.email);
    expect(mail?.subject).toBe("Dein Clip „Logo Straße“ wurde nicht angenommen");
    expect(mail?.text).toContain(
      `„Logo Straße“ wurde geprüft und nicht angenommen: ${REJECTION_REASONS.logos}`,
    );
  });

  it("a creator without a stored language is mailed in English", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator!.id, title: "Fern Rain", status: "in_review" });
    await approveClip({ clipId: clipId!, actor: { id: "staff-1" } });
    const [mail] = await outboxFor(creator!.email);
    expect(mail?.subject).toBe(CLIP_MAILS.approve.subject("Fern Rain"));
    expect(mail?.text).toContain(`/studio/clips/${clipId}\n\nThe Verdeo team\n`);
    expect(mail?.text).not.toContain("/en/");
  });
});
