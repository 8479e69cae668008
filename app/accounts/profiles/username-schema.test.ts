import { describe, expect, it } from "vitest";
import { SignupSchema } from "../auth/signup-schema";
import { MESSAGES } from "../messages";
import { UsernameSchema } from "./username-schema";

const problem = (value: string) => {
  const parsed = UsernameSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("username rules", () => {
  it.each([
    ["", MESSAGES.usernameRequired],
    ["abcd", MESSAGES.usernameTooShort],
    ["a".repeat(30), MESSAGES.usernameTooLong],
    ["has space", MESSAGES.usernameCharacters],
    ["f_u_c_k_it", MESSAGES.usernameProfane],
  ])("%j → %s", (value, message) => expect(problem(value)).toBe(message));

  it("accepts 5 and 29 characters and stores lowercase", () => {
    expect(UsernameSchema.parse("Abcde")).toBe("abcde");
    expect(UsernameSchema.parse("a".repeat(29))).toHaveLength(29);
  });

  it("the profanity message names Verdeo", () => {
    expect(MESSAGES.usernameProfane).toBe(
      "That username isn't allowed — Verdeo is a friendly, respectful community",
    );
  });
});

describe("sign-up names and password", () => {
  const base = {
    firstName: "Ada",
    lastName: "Lovelace",
    username: "ada_l",
    email: "ada@example.test",
    password: "secret1",
  };
  const errors = (input: object) => {
    const parsed = SignupSchema.safeParse({ ...base, ...input });
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it("blank names give the combined message; others are prefixed", () => {
    expect(errors({ firstName: " " })).toEqual([MESSAGES.namesRequired]);
    expect(errors({ lastName: "L" })).toEqual([`Last name: ${MESSAGES.nameTooShort}`]);
    expect(errors({ firstName: "A".repeat(50) })).toEqual([`First name: ${MESSAGES.nameTooLong}`]);
    expect(errors({ firstName: "Jean-Luc_2" })).toEqual([]);
  });

  it("password at least 6, email valid", () => {
    expect(errors({ password: "12345" })).toEqual([MESSAGES.passwordTooShort]);
    expect(errors({ email: "nope" })).toEqual([MESSAGES.emailInvalid]);
  });
});
