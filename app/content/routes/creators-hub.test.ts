import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "~/accounts/auth/session.server";

const currentUser = vi.hoisted(() => ({ value: null as SessionUser | null }));
vi.mock("~/accounts/auth/session.server", () => ({ getOptionalUser: async () => currentUser.value }));
const pending = { status: "pending", decisionMessage: null, createdAt: new Date("2026-11-01T00:00:00Z") };
vi.mock("~/accounts/applications/creator-applications.server", () => ({
  findApplicationState: async (userId: string) => (userId === "u1" ? pending : null),
  submitCreatorApplication: async () => ({ ok: true, value: null }),
}));

const { loader } = await import("./creators-hub");
const { config } = await import("~/platform/config.server");
const { royaltyShare } = await import("../texts");

const user = (role: SessionUser["role"]): SessionUser => ({
  id: "u1",
  email: "maya@verdeo.local",
  username: "maya.films",
  fullName: "Maya Lindqvist",
  avatarUrl: null,
  role,
  themePreference: null,
  language: null,
  hasProfile: true,
});

async function load() {
  const args = { request: new Request("http://localhost/creators-hub"), params: {}, context: {} };
  return loader(args as unknown as Parameters<typeof loader>[0]);
}

describe("creators hub loader", () => {
  beforeEach(() => {
    currentUser.value = null;
  });

  it("offers the studio to creators and staff, not to visitors or users", async () => {
    currentUser.value = user("creator");
    expect(await load()).toMatchObject({ apply: { signedIn: true, isCreator: true, application: null } });
    currentUser.value = user("developer");
    expect(await load()).toMatchObject({ apply: { isCreator: true } });
    currentUser.value = user("user");
    expect(await load()).toMatchObject({ apply: { isCreator: false } });
    currentUser.value = null;
    expect(await load()).toMatchObject({ apply: { signedIn: false, isCreator: false, application: null } });
  });

  it("says what creators earn before anyone applies: the configured royalty rate", async () => {
    expect((await load()).royaltyPercent).toBe(config().ROYALTY_RATE_BPS / 100);
    expect(royaltyShare(50)).toMatch(/^You earn 50% of every license/);
    expect(royaltyShare(47.5)).toContain("47.5%");
  });

  it("states the payout terms from config: monthly on the 1st, the threshold, the refund window, the methods", async () => {
    const settings = config();
    const terms = (await load()).payoutTerms.join(" ");
    expect(terms).toContain(`pending for ${settings.PAYOUT_REFUND_WINDOW_DAYS} days`);
    expect(terms).toContain("monthly, on the 1st");
    expect(terms).toContain(`€${(settings.PAYOUT_THRESHOLD_CENTS / 100).toFixed(2)}`);
    expect(terms).toContain("bank transfer");
  });

  it("shows a signed-in user the state of their creator application; visitors and creators have none", async () => {
    currentUser.value = user("user");
    expect(await load()).toMatchObject({ apply: { signedIn: true, isCreator: false, application: pending } });
    currentUser.value = user("developer");
    expect(await load()).toMatchObject({ apply: { signedIn: true, isCreator: true, application: null } });
  });
});
