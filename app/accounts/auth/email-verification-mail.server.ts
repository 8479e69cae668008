import { PRODUCT_NAME } from "~/constants";
import { queueMail } from "~/platform/mail.server";

export const VERIFICATION_LINK_TTL_HOURS = 24;

/** The mail with the link that proves the address belongs to the account holder. */
export async function sendVerificationMail(to: string, url: string) {
  await queueMail({
    to,
    subject: `Confirm your ${PRODUCT_NAME} email address`,
    text: [
      `Please confirm that ${to} is your email address.`,
      `Open this link to confirm it (it works for ${VERIFICATION_LINK_TTL_HOURS} hours):`,
      "",
      url,
      "",
      "Orders placed with this address before you had an account appear in your profile once it is confirmed.",
      "If you did not create an account, ignore this mail.",
    ].join("\n"),
  });
}
