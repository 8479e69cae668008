import { describe, expect, it } from "vitest";
import { action as loginAction } from "~/accounts/routes/login";
import { action as pricingAction } from "~/commerce/routes/pricing";
import { INPUT_MESSAGES, urlInputProblem } from "~/platform/http/input-guard";
import { postForm, routeArgs, settle } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

describe("malformed input is a 400, never a database error", () => {
  it.each(["2147483648", "9007199254740993", "-1", "0", "1e3", "1.5"])(
    "a tier id of %s on /pricing is a 400",
    async (tierId) => {
      const result = await settle(() =>
        pricingAction(routeArgs(postForm("/pricing", { category: "creator", tierId, billing: "one_time" }))),
      );
      expect(result.status).toBe(400);
    },
  );

  it("a log-in email holding a NUL is a 400 that says so", async () => {
    const result = await settle<{ error: string }>(() =>
      loginAction(
        routeArgs(postForm("/login", { intent: "password", email: "a\u0000@example.test", password: "x" })),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ error: INPUT_MESSAGES.badField });
  });

  it("line breaks and tabs pass the guard (a message may hold them); the field's own rule decides", async () => {
    const lines = await settle(() =>
      loginAction(
        routeArgs(postForm("/login", { intent: "password", email: "a\r\n\t@example.test", password: "x" })),
      ),
    );
    expect(lines.status).toBeGreaterThanOrEqual(400);
    expect(lines.status).toBeLessThan(500);
    expect(lines.data).not.toMatchObject({ error: INPUT_MESSAGES.badField });
  });

  it.each([
    ["/profile/%00", INPUT_MESSAGES.badPath],
    ["/videos?sub=%00&niche=city", INPUT_MESSAGES.badQuery],
    ["/reset-password?token=%00", INPUT_MESSAGES.badQuery],
    ["/login?redirectTo=/%09/evil.example", INPUT_MESSAGES.badQuery],
    ["/login?redirectTo=/%0A/evil.example", INPUT_MESSAGES.badQuery],
    ["/video/%E0%A4%A", INPUT_MESSAGES.badPath],
  ])("the address %s is refused before the app: %s", (address, message) => {
    expect(urlInputProblem(new URL(address, "http://localhost"))).toBe(message);
  });

  it.each(["/videos?q=caf%C3%A9&page=2", "/profile/maya_films", "/video/12", "/search?q=100%25"])(
    "the address %s passes",
    (address) => {
      expect(urlInputProblem(new URL(address, "http://localhost"))).toBeNull();
    },
  );
});
