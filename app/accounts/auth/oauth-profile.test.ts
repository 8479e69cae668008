import { describe, expect, it } from "vitest";
import {
  avatarUrlFrom,
  fullNameFrom,
  metadataFromProvider,
  sanitizeUsername,
  usernameCandidateFrom,
  usernameWithDigits,
} from "./oauth-profile";

describe("profile data from a provider", () => {
  it("full_name comes from full_name, else name, else user_name, else empty", () => {
    expect(fullNameFrom({ full_name: "A B", name: "C", user_name: "d" })).toBe("A B");
    expect(fullNameFrom({ name: "C", user_name: "d" })).toBe("C");
    expect(fullNameFrom({ user_name: "d" })).toBe("d");
    expect(fullNameFrom({})).toBe("");
  });

  it("avatar_url comes from avatar_url, else picture, else null", () => {
    expect(avatarUrlFrom({ avatar_url: "https://a/1", picture: "https://b/2" })).toBe("https://a/1");
    expect(avatarUrlFrom({ picture: "https://b/2" })).toBe("https://b/2");
    expect(avatarUrlFrom({})).toBeNull();
    expect(avatarUrlFrom({ picture: "javascript:alert(1)" })).toBeNull();
  });

  it("username: user_name, preferred_username, the full name with underscores, the email, else null", () => {
    expect(usernameCandidateFrom({ user_name: "octo", preferred_username: "p" }, "e@x")).toBe("octo");
    expect(usernameCandidateFrom({ preferred_username: "pref" }, "e@x")).toBe("pref");
    expect(usernameCandidateFrom({ name: "River  Stone Jr" }, "e@x")).toBe("river_stone_jr");
    expect(usernameCandidateFrom({}, "mail.box@x.test")).toBe("mail.box");
    expect(usernameCandidateFrom({}, null)).toBeNull();
  });

  it("GitHub's login is its user_name", () => {
    expect(metadataFromProvider("github", { login: "octocat", name: "Mona" }).user_name).toBe("octocat");
  });

  it("a candidate is bent into the username rules", () => {
    expect(sanitizeUsername("Zoë O'Brien")).toBe("zoeobrien");
    expect(sanitizeUsername("bob")).toBe("bob__");
    expect(sanitizeUsername("x".repeat(40))).toHaveLength(29);
    expect(sanitizeUsername("fuckface")).toBeNull();
    expect(sanitizeUsername("!!!")).toBeNull();
    expect(usernameWithDigits("y".repeat(29), "123")).toBe(`${"y".repeat(26)}123`);
  });
});
