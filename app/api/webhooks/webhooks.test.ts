import { describe, expect, it } from "vitest";
import { isAllowedWebhookUrl } from "./webhooks";

describe("webhook endpoint addresses", () => {
  it("takes https addresses of public hosts", () => {
    expect(isAllowedWebhookUrl("https://hooks.example.com/verdeo")).toBe(true);
    expect(isAllowedWebhookUrl("https://203.0.113.5:8443/in")).toBe(true);
  });

  it("refuses plain http, credentials in the URL, and hosts inside a network", () => {
    for (const url of [
      "http://hooks.example.com/verdeo",
      "https://user:pass@hooks.example.com/",
      "https://localhost/hook",
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://192.168.0.10/hook",
      "https://172.20.0.1/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://db.internal/hook",
      "ftp://example.com/",
      "not a url",
    ])
      expect(isAllowedWebhookUrl(url), url).toBe(false);
  });

  it("lets plain http to this machine through only where local receivers are allowed", () => {
    expect(isAllowedWebhookUrl("http://127.0.0.1:4000/hook", { allowLocal: true })).toBe(true);
    expect(isAllowedWebhookUrl("http://localhost:4000/hook", { allowLocal: true })).toBe(true);
    expect(isAllowedWebhookUrl("http://127.0.0.1:4000/hook")).toBe(false);
    expect(isAllowedWebhookUrl("http://example.com/hook", { allowLocal: true })).toBe(false);
  });
});
