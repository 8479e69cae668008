import type { I18n } from "~/platform/i18n/i18n";
import type { PlanCategory, PlanView } from "./plans";

/**
 * The catalogue keys of each plan's texts as seeded (server/seed/demo-content.ts). The plan table
 * keeps its English texts; a stored text is shown translated only while it still reads as the
 * English catalogue says, so a plan the staff rewrote shows their words rather than a stale translation.
 */
const PLAN_TEXT_KEYS: Record<
  PlanCategory,
  { title: string; subtitle: string; badge: string | null; perks: readonly string[] }
> = {
  creator: {
    title: "commerce.plans.creator.title",
    subtitle: "commerce.plans.creator.subtitle",
    badge: null,
    perks: [
      "commerce.plans.creator.perkLicense",
      "commerce.plans.creator.perkViews",
      "commerce.plans.creator.perkEdit",
      "commerce.plans.creator.perkPerpetual",
    ],
  },
  business: {
    title: "commerce.plans.business.title",
    subtitle: "commerce.plans.business.subtitle",
    badge: "commerce.plans.business.badge",
    perks: [
      "commerce.plans.business.perkLicense",
      "commerce.plans.business.perkReach",
      "commerce.plans.business.perkBroadcast",
      "commerce.plans.business.perkInvoice",
    ],
  },
  pro: {
    title: "commerce.plans.pro.title",
    subtitle: "commerce.plans.pro.subtitle",
    badge: "commerce.plans.pro.badge",
    perks: [
      "commerce.plans.pro.perkUnlimited",
      "commerce.plans.pro.perkPerpetual",
      "commerce.plans.pro.perkSupport",
      "commerce.plans.pro.perkLicense",
    ],
  },
};

/**
 * A stored text in the page's language when it is one of the catalogue's, else as stored. The one
 * value a plan text carries (a pack's download period, "within 12 months") is read from the text.
 */
function translated(stored: string, keys: readonly string[], english: I18n, page: I18n): string {
  const values = { months: Number(/(\d+) months$/.exec(stored)?.[1] ?? 0) };
  const key = keys.find((candidate) => english.t(candidate, values) === stored);
  return key ? page.t(key, values) : stored;
}

/** A plan's title in the page's language (the checkout, the order pages). */
export function planTitleIn(category: PlanCategory, stored: string, english: I18n, page: I18n): string {
  return translated(stored, [PLAN_TEXT_KEYS[category].title], english, page);
}

/** A plan as the pricing page shows it, its texts in the page's language. */
export function planInLanguage(plan: PlanView, english: I18n, page: I18n): PlanView {
  const keys = PLAN_TEXT_KEYS[plan.category];
  return {
    ...plan,
    title: translated(plan.title, [keys.title], english, page),
    subtitle: translated(plan.subtitle, [keys.subtitle], english, page),
    badge: plan.badge && keys.badge ? translated(plan.badge, [keys.badge], english, page) : plan.badge,
    perks: plan.perks.map((perk) => translated(perk, keys.perks, english, page)),
  };
}
