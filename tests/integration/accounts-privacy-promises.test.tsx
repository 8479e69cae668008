import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { auth } from "~/accounts/auth/auth.server";
import { PRIVACY } from "~/content/legal/privacy";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

/** The privacy policy as a reader sees it: text only. */
function privacyText() {
  const router = createMemoryRouter([
    { path: "/", element: PRIVACY.sections.map((section) => <div key={section.id}>{section.body}</div>) },
  ]);
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

/** The one number the policy gives for `what`, from its sentence. */
function promised(text: string, pattern: RegExp) {
  const matches = [...text.matchAll(new RegExp(pattern, "g"))].map((match) => Number(match[1]));
  expect(matches.length, `the policy states ${pattern}`).toBeGreaterThan(0);
  expect(new Set(matches).size, `the policy states ${pattern} once or consistently`).toBe(1);
  return matches[0]!;
}

describe("what the privacy policy promises is what the auth library is configured to do", () => {
  const text = privacyText();

  it("a session ends the number of days after the last visit the policy states", () => {
    const { options } = auth();
    const days = promised(text, /Sessions: until you log out, or (\d+) days after your last visit/);
    expect(options.session?.expiresIn).toBe(days * 24 * 60 * 60);
    // Renewed while in use, at most daily: "after your last visit" holds to within a day.
    expect(options.session?.updateAge).toBeLessThanOrEqual(24 * 60 * 60);
  });

  it("a password-reset link stops working after the minutes the policy states", () => {
    const { options } = auth();
    const minutes = promised(text, /Password-reset links: they stop working after (\d+) minutes/);
    expect(options.emailAndPassword?.resetPasswordTokenExpiresIn).toBe(minutes * 60);
    expect(promised(text, /a single-use link that works for (\d+) minutes/)).toBe(minutes);
  });
});
