import { z } from "zod";
import { USERNAME_MAX, USERNAME_MIN } from "~/constants";
import { MESSAGES } from "../messages";
import { containsProfanity } from "./profanity";

/** The first username rule a value breaks, or null when it is well-formed. */
export function usernameProblem(value: string): string | null {
  if (value.length === 0) return MESSAGES.usernameRequired;
  if (value.length < USERNAME_MIN) return MESSAGES.usernameTooShort;
  if (value.length > USERNAME_MAX) return MESSAGES.usernameTooLong;
  if (!/^[A-Za-z0-9_.]+$/.test(value)) return MESSAGES.usernameCharacters;
  if (containsProfanity(value)) return MESSAGES.usernameProfane;
  return null;
}

/** Trimmed, checked, stored lowercased. */
export const UsernameSchema = z
  .string({ error: MESSAGES.usernameRequired })
  .trim()
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => value.toLowerCase());
