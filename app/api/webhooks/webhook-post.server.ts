import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { InternalAddressError, isInternalAddress, publicOnlyLookup } from "./public-address.server";

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Development and tests post to a receiver on this machine; a deployment never does. */
  allowLoopback: boolean;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * POSTs a webhook and answers its status code. Redirects are not followed; a host whose address is
 * internal is refused before anything is sent, whatever its name says.
 */
export function postWebhook(post: WebhookPost, lookup = publicOnlyLookup()): Promise<number> {
  const url = new URL(post.url);
  const local = post.allowLoopback && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (!local && isIP(literal) && isInternalAddress(literal)) {
    return Promise.reject(new InternalAddressError(`${url.hostname} is an internal address`));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...post.headers, "Content-Length": Buffer.byteLength(post.body) },
        signal: AbortSignal.timeout(post.timeoutMs),
        ...(local ? {} : { lookup }),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    // The whole exchange, not only a quiet socket, has the time limit; it rejects as a TimeoutError.
    request.on("error", (error) => reject(error.name === "AbortError" && error.cause ? error.cause : error));
    request.end(post.body);
  });
}
