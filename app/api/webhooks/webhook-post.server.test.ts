import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isInternalAddress, publicOnlyLookup } from "./public-address.server";
import { postWebhook } from "./webhook-post.server";

let server: Server;
let port: number;
let received = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    received += 1;
    request.resume();
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A DNS answer chosen by the test: the name a creator saved points wherever the attacker likes. */
const resolvingTo =
  (...addresses: string[]) =>
  (_host: string, callback: (error: null, entries: { address: string; family: number }[]) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    );

const post = (url: string, allowLoopback = false) => ({
  url,
  headers: { "Content-Type": "application/json" },
  body: "{}",
  timeoutMs: 2_000,
  allowLoopback,
});

describe("internal addresses", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.20.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "fd00::1",
    "fe80::1",
    "not an address",
  ])("%s is internal", (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"])("%s is public", (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });
});

describe("posting a webhook", () => {
  it("refuses a public name that resolves to an internal address, before sending anything", async () => {
    const before = received;
    await expect(
      postWebhook(post(`http://hooks.example.com:${port}/in`), publicOnlyLookup(resolvingTo("127.0.0.1"))),
    ).rejects.toThrow("hooks.example.com resolves to an internal address (127.0.0.1)");
    expect(received).toBe(before);
  });

  it("refuses a name when any of its addresses is internal", async () => {
    await expect(
      postWebhook(
        post(`http://hooks.example.com:${port}/in`),
        publicOnlyLookup(resolvingTo("93.184.216.34", "10.0.0.7")),
      ),
    ).rejects.toThrow("internal address (10.0.0.7)");
  });

  it("refuses an internal address written as the host, even in development", async () => {
    await expect(postWebhook(post(`http://10.0.0.7:${port}/in`, true))).rejects.toThrow(
      "10.0.0.7 is an internal address",
    );
  });

  it("posts to a receiver on this machine only where development allows it", async () => {
    const before = received;
    await expect(postWebhook(post(`http://127.0.0.1:${port}/in`, true))).resolves.toBe(204);
    expect(received).toBe(before + 1);
    await expect(postWebhook(post(`http://127.0.0.1:${port}/in`, false))).rejects.toThrow("internal address");
  });
});
