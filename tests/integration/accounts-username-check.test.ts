import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/accounts/messages";
import { loader } from "~/accounts/routes/username-availability";
import { hitRateLimit } from "~/platform/http/rate-limit.server";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { createAccount } from "../factories/accounts";
import { useTestDatabase } from "../setup/database";
import { withinOneMinuteWindow } from "../support/rate-limit-window";

useTestDatabase();

async function check(username: string, clientIp = "10.8.0.1") {
  const request = new Request(
    `http://localhost:3000/resources/username-availability?username=${encodeURIComponent(username)}`,
  );
  // biome-ignore lint/suspicious/noExplicitAny: a loader called directly with the parts it reads
  const result = (await loader({ request, params: {}, context: { clientIp } } as any)) as unknown as {
    data: { status: string; message: string };
    init: { status?: number } | null;
  };
  return { ...result.data, code: result.init?.status ?? 200 };
}

describe("username availability", () => {
  it("answers taken (whatever the case), available and invalid", async () => {
    const account = await createAccount({ username: "taken_name" });
    expect(account.username).toBe("taken_name");
    expect(await check("Taken_Name")).toMatchObject({ status: "taken", message: MESSAGES.usernameTaken });
    expect(await check("free_name")).toMatchObject({ status: "available" });
    expect(await check("ab")).toMatchObject({ status: "invalid", message: MESSAGES.usernameTooShort });
  });

  it("is rate-limited per client IP", async () => {
    // The hits must fall in one minute's window.
    await withinOneMinuteWindow(10_000);
    for (let n = 0; n < RATE_LIMIT_POLICIES.username_check.perIp.limit; n++) {
      await hitRateLimit(RATE_LIMIT_POLICIES.username_check.perIp, "10.8.9.9");
    }
    expect(await check("free_name", "10.8.9.9")).toMatchObject({ status: "error", code: 429 });
    expect(await check("free_name", "10.8.9.10")).toMatchObject({ status: "available" });
  });
});
