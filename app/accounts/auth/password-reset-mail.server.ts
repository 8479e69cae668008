import { PRODUCT_NAME } from "~/constants";
import { config } from "~/platform/config.server";
import { queueMail } from "~/platform/mail.server";

export const RESET_LINK_TTL_MINUTES = 60;

export function resetPasswordUrl(token: string) {
  return `${config().PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
}

export async function sendPasswordResetMail(to: string, token: string) {
  const url = resetPasswordUrl(token);
  await queueMail({
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      "Someone asked to reset the password of your Verdeo account.",
      `Open this link to choose a new password (it works once, for ${RESET_LINK_TTL_MINUTES} minutes):`,
      "",
      url,
      "",
      "If it wasn't you, ignore this mail: your password stays as it is.",
    ].join("\n"),
  });
}
