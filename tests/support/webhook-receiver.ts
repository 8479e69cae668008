import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

export interface ReceivedWebhook {
  /** The path and query it was posted to (an endpoint's own query tells endpoints apart). */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook endpoint on this machine for one test file: what it received, in order, and the
 * status it answers with (`answerWith`, 200 unless a test says otherwise).
 */
export function useWebhookReceiver() {
  const receiver = { url: "", received: [] as ReceivedWebhook[], answerWith: 200 };
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        receiver.received.push({ url: req.url ?? "/", headers: req.headers, body });
        res.writeHead(receiver.answerWith).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return receiver;
}
