import { messageLocalizer } from "~/commerce/checkout/checkout-messages";

/** Licensing's texts, shared by its pages and the tests. */
export const DOWNLOAD_MESSAGES = {
  needsPlan:
    "Downloading a clip needs a plan with downloads left. Choose a plan below; once it is paid, every download includes its license.",
  /** A Download press while the buyer's order waits for its payment: no second purchase. */
  awaitingPayment: (orderNumber: string) =>
    `Your order ${orderNumber} is awaiting payment: your downloads start as soon as it is paid. Here is how to pay it.`,
  chooseFile: "Choose one of the files offered.",
  linkExpired:
    "This download link has expired. Open the clip and download it again (it is free once licensed).",
} as const;

/** The download step's messages (the English above, for services and tests) as a page says them. */
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

export const NO_DOWNLOADS = "No downloads yet";

// One date format for every page and document (invoices and certificates too).
export { formatDate } from "~/platform/text/dates";

// One formatter for every page that shows a file's size (the clip page too).
export { formatFileSize } from "~/platform/text/file-size";
