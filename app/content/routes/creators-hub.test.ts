import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "~/accounts/session.server";

const currentUser = vi.hoisted(() => ({ value: null as SessionUser | null }));
vi.mock("~/accounts/session.server", () => ({ getOptionalUser: async () => currentUser.value }));
const pending = { status: "pending", decisionMessage: null, createdAt: new Date("2026-11-01T00:00:00Z") };
vi.mock("~/accounts/creator-applications.server", () => ({
  findApplicationState: async (userId: string) => (userId === "u1" ? pending : null),
  submitCreatorApplication: async () => ({ ok: true, value: null }),
}));

const { loader } = await import("./creators-hub");

const user = (role: SessionUser["role"]): SessionUser => ({
  id: "u1",
  email: "maya@verdeo.local",
  username: "maya.films",
  fullName: "Maya Lindqvist",
  avatarUrl: null,
  role,
  themePreference: null,
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

  it("offers the profile link to a logged-in creator", async () => {
    currentUser.value = user("creator");
    expect(await load()).toEqual({
      isCreator: true,
      apply: { signedIn: true, isCreator: true, application: null },
    });
  });

  it("does not offer it to visitors or to users who are not creators", async () => {
    expect(await load()).toMatchObject({ isCreator: false, apply: { signedIn: false, application: null } });
    currentUser.value = user("user");
    expect(await load()).toMatchObject({ isCreator: false });
    currentUser.value = user("developer");
    expect(await load()).toMatchObject({ isCreator: false });
  });

  it("shows a signed-in user the state of their creator application; visitors and creators have none", async () => {
    currentUser.value = user("user");
    expect(await load()).toMatchObject({ apply: { signedIn: true, isCreator: false, application: pending } });
    currentUser.value = user("developer");
    expect(await load()).toMatchObject({ apply: { signedIn: true, isCreator: true, application: null } });
  });
});
