/** The console's own sentences (service reasons mapped to what staff read). */
export const STAFF_TEXTS = {
  notFound: "It no longer exists (or never did).",
  self: "You cannot change your own account from the console; ask another developer.",
  alreadyDecided: "Someone already decided this application.",
  alreadyReviewed: "Already reviewed: another reviewer acted on this clip first.",
  saved: "Saved.",
  replySent: "Reply sent.",
  applicationApproved: "Approved: they are a creator now, and we mailed them.",
  applicationDeclined: "Declined; we mailed them your message.",
  /** Under a heading with nothing under it yet (a history, reports). */
  noneYet: "None yet",
  unknownPerson: "No one has that email or username.",
} as const;
