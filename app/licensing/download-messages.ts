import { messageLocalizer } from "~/commerce/i18n/server-messages";
import { DOWNLOAD_MESSAGES } from "./messages";

/** The download step's messages (English in messages.ts, for services and tests) as a page says them. */
export const localDownloadMessage = messageLocalizer(
  {
    [DOWNLOAD_MESSAGES.chooseFile]: "licensing.download.error.chooseFile",
    [DOWNLOAD_MESSAGES.needsPlan]: "licensing.download.needsPlan",
  },
  [
    {
      pattern:
        /^Your order (\S+) is awaiting payment: your downloads start as soon as it is paid\. Here is how to pay it\.$/,
      key: "licensing.download.awaitingPayment",
      values: (match) => ({ orderNumber: match[1]! }),
    },
  ],
);
