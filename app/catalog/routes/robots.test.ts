import { describe, expect, it } from "vitest";
import { loader } from "./robots";

describe("robots.txt", () => {
  it("keeps crawlers out of checkout and sign-in in every language, and names the sitemap", async () => {
    const body = await loader().text();
    for (const path of ["/checkout", "/login", "/signup", "/de/login", "/ja/signup", "/pt-br/checkout"])
      expect(body).toContain(`Disallow: ${path}\n`);
    expect(body).not.toContain("/en/");
    expect(body).toMatch(/^Sitemap: .+\/sitemap\.xml$/m);
  });
});
