import { useCallback } from "react";
import {
  AVATAR_MAX_MB,
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECT_MAX,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  USERNAME_MAX,
  USERNAME_MIN,
} from "~/constants";
import { useT } from "~/platform/i18n/i18n";
import type { MessageValues } from "~/platform/i18n/messages";
import { MESSAGES } from "./messages";

type MessageName = keyof typeof MESSAGES;

/**
 * Each of the accounts' messages as a catalogue key, with the values its text was built with. The
 * schemas, services and tests keep speaking English (MESSAGES); the page translates a message where
 * it shows it (`useAccountMessage`), so the English catalogue's texts equal MESSAGES exactly.
 */
const KEYS: Record<MessageName, string> = {
  usernameRequired: "accounts.messages.usernameRequired",
  usernameTooShort: "accounts.messages.usernameTooShort",
  usernameTooLong: "accounts.messages.usernameTooLong",
  usernameCharacters: "accounts.messages.usernameCharacters",
  usernameProfane: "accounts.messages.usernameProfane",
  usernameTaken: "accounts.messages.usernameTaken",
  usernameCheckFailed: "accounts.messages.usernameCheckFailed",
  usernameAvailable: "accounts.messages.usernameAvailable",
  namesRequired: "accounts.messages.namesRequired",
  nameTooShort: "accounts.messages.nameTooShort",
  nameTooLong: "accounts.messages.nameTooLong",
  nameCharacters: "accounts.messages.nameCharacters",
  nameProfane: "accounts.messages.nameProfane",
  passwordTooShort: "accounts.messages.passwordTooShort",
  passwordTooLong: "accounts.messages.passwordTooLong",
  emailRequired: "accounts.messages.emailRequired",
  emailInvalid: "accounts.messages.emailInvalid",
  signupUsernameUnavailable: "accounts.messages.signupUsernameUnavailable",
  signupFailed: "accounts.messages.signupFailed",
  signupProfileFailed: "accounts.messages.signupProfileFailed",
  emailTaken: "accounts.messages.emailTaken",
  loginRequired: "accounts.messages.loginRequired",
  loginFailed: "accounts.messages.loginFailed",
  socialLoginFailed: "accounts.messages.socialLoginFailed",
  socialSignupFailed: "accounts.messages.socialSignupFailed",
  tooManyAttempts: "accounts.messages.tooManyAttempts",
  accountSuspended: "accounts.messages.accountSuspended",
  editUsernameUnavailable: "accounts.messages.editUsernameUnavailable",
  profileUpdated: "accounts.messages.profileUpdated",
  profileUpdateFailed: "accounts.messages.profileUpdateFailed",
  avatarNotImage: "accounts.messages.avatarNotImage",
  avatarTooLarge: "accounts.messages.avatarTooLarge",
  avatarUploadFailed: "accounts.messages.avatarUploadFailed",
  contactNotLoggedIn: "accounts.messages.contactNotLoggedIn",
  contactEmpty: "accounts.messages.contactEmpty",
  contactFailed: "accounts.messages.contactFailed",
  contactSent: "accounts.messages.contactSent",
  contactSubjectTooLong: "accounts.messages.contactSubjectTooLong",
  contactMessageTooLong: "accounts.messages.contactMessageTooLong",
  resetRequested: "accounts.messages.resetRequested",
  resetInvalid: "accounts.messages.resetInvalid",
  resetDone: "accounts.messages.resetDone",
  callbackProcessing: "accounts.messages.callbackProcessing",
  callbackFailed: "accounts.messages.callbackFailed",
  callbackRedirecting: "accounts.messages.callbackRedirecting",
  emailConfirmed: "accounts.messages.emailConfirmed",
  emailAlreadyConfirmed: "accounts.messages.emailAlreadyConfirmed",
  confirmationLinkInvalid: "accounts.messages.confirmationLinkInvalid",
};

const VALUES: Partial<Record<MessageName, MessageValues>> = {
  usernameTooShort: { min: USERNAME_MIN },
  usernameTooLong: { limit: USERNAME_MAX + 1 },
  usernameProfane: { product: PRODUCT_NAME },
  nameTooShort: { min: NAME_MIN },
  nameTooLong: { limit: NAME_MAX + 1 },
  nameProfane: { product: PRODUCT_NAME },
  passwordTooShort: { min: PASSWORD_MIN },
  passwordTooLong: { max: PASSWORD_MAX },
  accountSuspended: { email: SUPPORT_EMAIL },
  avatarTooLarge: { max: AVATAR_MAX_MB },
  contactSubjectTooLong: { max: CONTACT_SUBJECT_MAX },
  contactMessageTooLong: { max: CONTACT_MESSAGE_MAX },
};

const BY_TEXT = new Map<string, MessageName>(
  Object.entries(MESSAGES).map(([name, text]) => [text, name as MessageName]),
);

/**
 * A message of the accounts in the page's language: one of MESSAGES, or a name rule prefixed with
 * its field ("First name: must be…"). Any other text (another domain's, a server's) stays as it is.
 */
export function translateAccountMessage(
  t: (key: string, values?: MessageValues) => string,
  text: string,
): string {
  const name = BY_TEXT.get(text);
  if (name) return t(KEYS[name], VALUES[name]);
  const field = /^(First|Last) name: (.*)$/s.exec(text);
  const problem = field ? BY_TEXT.get(field[2]!) : undefined;
  if (field && problem) {
    const values = { problem: t(KEYS[problem], VALUES[problem]) };
    return field[1] === "First"
      ? t("accounts.messages.firstNameProblem", values)
      : t("accounts.messages.lastNameProblem", values);
  }
  return text;
}

/** `translateAccountMessage` with the page's messages; null and undefined pass through. */
export function useAccountMessage() {
  const t = useT();
  return useCallback(
    <T extends string | null | undefined>(text: T): T =>
      (typeof text === "string" ? translateAccountMessage(t, text) : text) as T,
    [t],
  );
}
