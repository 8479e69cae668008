import { describe, expect, it } from "vitest";
import { DEMO_BUYER, DEMO_PASSWORD, signInByCookie } from "./accounts-helpers";
import { accessibilityViolations, newPage } from "./browser";

/**
 * Every page a person reaches, as each kind of person reaches it, checked with axe in the system's
 * light and dark preference (a first visit follows the system). Pages with journeys of their own are
 * tested further in their files; this sweep makes sure none is left out.
 */
const PAGES: Record<string, { account: string | null; paths: string[] }> = {
  visitor: {
    account: null,
    paths: [
      "/",
      "/videos",
      "/videos?orientation=vertical",
      "/search?q=city",
      "/video/1",
      "/pricing",
      "/about",
      "/licensing",
      "/creators-hub",
      "/terms",
      "/privacy",
      "/contact",
      "/login",
      "/signup",
      "/forgot-password",
      "/developers",
      "/no-such-page",
    ],
  },
  buyer: {
    account: DEMO_BUYER.email,
    paths: [
      "/profile",
      "/profile?tab=saved",
      "/profile?tab=downloads",
      "/profile?tab=orders",
      "/collections",
      "/account",
      "/video/1/download",
      "/profile/api",
    ],
  },
  creator: {
    account: "maya@verdeo.local",
    paths: ["/studio", "/studio/upload", "/studio/earnings", "/studio/payouts", "/profile"],
  },
  staff: {
    account: "dev@verdeo.local",
    paths: [
      "/staff",
      "/staff/review",
      "/staff/clips",
      "/staff/reports",
      "/staff/creators",
      "/staff/orders",
      "/staff/jobs",
      "/staff/messages",
      "/staff/promos",
      "/staff/promos/new",
      "/staff/plans",
      "/staff/users",
      "/staff/audit",
    ],
  },
};

describe("every page is accessible in the system's light and dark", () => {
  for (const [who, { account, paths }] of Object.entries(PAGES)) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`as a ${who}, in ${colorScheme}`, async () => {
        const page = await newPage({ colorScheme, reducedMotion: "reduce" });
        if (account) await signInByCookie(page, account, DEMO_PASSWORD);
        const found: string[] = [];
        // A page that fails to hydrate (React error 418: the browser's text differs from the
        // server's) is rendered again on the client and loses the dark class the head script set.
        page.on("pageerror", (error) => found.push(`${page.url()}: ${error.message}`));
        for (const path of paths) {
          await page.goto(path);
          const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
          if (dark !== (colorScheme === "dark")) found.push(`${path}: not in ${colorScheme}`);
          for (const { id, help, targets } of await accessibilityViolations(page))
            found.push(`${path}: ${id} (${help}) at ${targets.join(" | ")}`);
        }
        await page.context().close();
        expect(found).toEqual([]);
      });
    }
  }
});
