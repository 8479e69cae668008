import { z } from "zod";
import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from "~/constants";
import { MESSAGES } from "../messages";
import { containsProfanity } from "../profiles/profanity";
import { UsernameSchema } from "../profiles/username-schema";
import { EMAIL_MAX, emailField } from "./email";

function nameProblem(value: string): string | null {
  if (value.length < NAME_MIN) return MESSAGES.nameTooShort;
  if (value.length > NAME_MAX) return MESSAGES.nameTooLong;
  if (!/^[\p{L}\p{N}_-]+$/u.test(value)) return MESSAGES.nameCharacters;
  if (containsProfanity(value)) return MESSAGES.nameProfane;
  return null;
}

const NameSchema = z.string({ error: MESSAGES.namesRequired }).trim();

export const EmailSchema = emailField({
  required: MESSAGES.emailRequired,
  invalid: MESSAGES.emailInvalid,
}).transform((value) => value.toLowerCase());

export const NewPasswordSchema = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, MESSAGES.passwordTooLong);

/** The sign-up form, checked the same way in the browser and on the server. */
export const SignupSchema = z
  .object({
    firstName: NameSchema,
    lastName: NameSchema,
    username: UsernameSchema,
    email: EmailSchema,
    password: NewPasswordSchema,
  })
  .superRefine((value, ctx) => {
    if (!value.firstName || !value.lastName) {
      ctx.addIssue({ code: "custom", path: ["firstName"], message: MESSAGES.namesRequired });
      return;
    }
    const first = nameProblem(value.firstName);
    if (first) ctx.addIssue({ code: "custom", path: ["firstName"], message: `First name: ${first}` });
    const last = nameProblem(value.lastName);
    if (last) ctx.addIssue({ code: "custom", path: ["lastName"], message: `Last name: ${last}` });
  });
export type Signup = z.infer<typeof SignupSchema>;

/** Email and password required. Length rules are not repeated here on purpose. */
export const LoginSchema = z.object({
  email: z
    .string({ error: MESSAGES.loginRequired })
    .trim()
    .min(1, MESSAGES.loginRequired)
    .max(EMAIL_MAX, MESSAGES.loginFailed),
  password: z
    .string({ error: MESSAGES.loginRequired })
    .min(1, MESSAGES.loginRequired)
    .max(PASSWORD_MAX, MESSAGES.loginFailed),
});
