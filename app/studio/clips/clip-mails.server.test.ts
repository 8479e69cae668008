import { describe, expect, it } from "vitest";
import type { ClipStatusChange } from "~/catalog/clips/clip-lifecycle.server";
import { config } from "~/platform/config.server";
import { translator } from "~/platform/i18n/translator.server";
import { CLIP_MAILS } from "./clip-mails";
import { clipStatusMail } from "./clip-mails.server";

function change(overrides: Partial<ClipStatusChange>): ClipStatusChange {
  return {
    clipId: 7,
    title: "Harbour Dawn",
    creatorId: "creator-1",
    creatorEmail: "maya@example.test",
    creatorName: "Maya",
    transition: "approve",
    from: "in_review",
    to: "published",
    reason: null,
    ...overrides,
  };
}

describe("a creator's clip mails", () => {
  it("in English say word for word what CLIP_MAILS says, for every move that is mailed", () => {
    const english = translator("en", ["studio-mail"]);
    for (const transition of Object.keys(CLIP_MAILS) as (keyof typeof CLIP_MAILS)[]) {
      const mail = clipStatusMail(english, change({ transition, reason: "The file is too small." }));
      const expected = CLIP_MAILS[transition];
      expect(mail?.subject, transition).toBe(expected.subject("Harbour Dawn"));
      expect(mail?.text, transition).toBe(
        `Hello Maya,\n\n${expected.body("Harbour Dawn", "The file is too small.")}\n\n${config().PUBLIC_URL}/studio/clips/7\n\nThe Verdeo team\n`,
      );
    }
  });

  it("in German: subject, greeting, body, the studio page in German and the sign-off", () => {
    const mail = clipStatusMail(
      translator("de", ["studio-mail"]),
      change({ transition: "reject", reason: "Visible logos, brands or trademarks cannot be licensed." }),
    );
    expect(mail?.subject).toBe("Dein Clip „Harbour Dawn“ wurde nicht angenommen");
    expect(mail?.text).toBe(
      [
        "Hallo Maya,",
        "",
        // The reviewer's reason is quoted as the studio shows it.
        "„Harbour Dawn“ wurde geprüft und nicht angenommen: Visible logos, brands or trademarks cannot be licensed.",
        "Du kannst die Details korrigieren und den Clip erneut einreichen.",
        "",
        `${config().PUBLIC_URL}/de/studio/clips/7`,
        "",
        "Dein Verdeo-Team",
        "",
      ].join("\n"),
    );
  });

  it("in Japanese, without a name: a polite greeting and the Japanese studio page", () => {
    const mail = clipStatusMail(
      translator("ja", ["studio-mail"]),
      change({ transition: "processed", creatorName: "" }),
    );
    expect(mail?.subject).toBe("「Harbour Dawn」の処理が完了しました：詳細を追加してください");
    expect(mail?.text.startsWith("こんにちは。\n\n「Harbour Dawn」の処理が完了しました。")).toBe(true);
    expect(mail?.text).toContain(`${config().PUBLIC_URL}/ja/studio/clips/7`);
    expect(mail?.text.endsWith("\n\nVerdeo チーム\n")).toBe(true);
  });

  it("a move the creator made themselves, or a creator without an address, gets no mail", () => {
    const english = translator("en", ["studio-mail"]);
    expect(clipStatusMail(english, change({ transition: "submit" }))).toBeNull();
    expect(clipStatusMail(english, change({ creatorEmail: null }))).toBeNull();
  });
});
