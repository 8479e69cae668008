import { describe, expect, it } from "vitest";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n } from "~/platform/i18n/i18n";
import { translateAccountMessage } from "./message-keys";
import { checkInbox, MESSAGES } from "./messages";

const english = makeI18n("en", messagesFor("en", ["accounts"])).t;
const german = makeI18n("de", messagesFor("de", ["accounts"])).t;

describe("the accounts' messages in the page's language", () => {
  it("says each of MESSAGES in English exactly as the tests and services do", () => {
    for (const text of Object.values(MESSAGES)) expect(translateAccountMessage(english, text)).toBe(text);
    expect(translateAccountMessage(english, `First name: ${MESSAGES.nameTooShort}`)).toBe(
      `First name: ${MESSAGES.nameTooShort}`,
    );
    expect(english("accounts.messages.checkInbox", { email: "a@example.com" })).toBe(
      checkInbox("a@example.com"),
    );
  });

  it("translates every one of them, with the values its English was built with", () => {
    for (const text of Object.values(MESSAGES)) expect(translateAccountMessage(german, text)).not.toBe(text);
    expect(translateAccountMessage(german, MESSAGES.usernameTooShort)).toBe(
      "Der Benutzername muss mindestens 5 Zeichen lang sein",
    );
    expect(translateAccountMessage(german, MESSAGES.contactMessageTooLong)).toBe(
      "Die Nachricht darf höchstens 5.000 Zeichen lang sein.",
    );
    expect(translateAccountMessage(german, `Last name: ${MESSAGES.nameTooShort}`)).toBe(
      "Nachname: muss mindestens 2 Zeichen lang sein",
    );
  });

  it("leaves a text it does not know as it is", () => {
    expect(translateAccountMessage(german, "The request body is not a valid form.")).toBe(
      "The request body is not a valid form.",
    );
  });
});
