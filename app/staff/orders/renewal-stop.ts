/** The order page's Stop renewal texts (the page and its controller both use them). */
export const RENEWAL_STOP_TEXTS = {
  stop: "Stop renewal",
  resume: "Resume renewal",
  stopHint: "It ends at the period's end; the buyer is mailed and can take it back until then.",
  resumeHint: "Its renewal is stopped: it ends at the period's end unless resumed.",
  stopped: (date: string) => `Renewal stopped: the subscription ends on ${date}. Buyer mailed.`,
  resumed: "Renewal resumed. Buyer mailed.",
  ended: "This subscription has ended; its renewal cannot change.",
  notManual: "This subscription renews through Stripe: the buyer stops it in the billing portal.",
} as const;
