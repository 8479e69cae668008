import http from "node:http";
import { type AddressInfo, Socket } from "node:net";
import { Readable } from "node:stream";
import { action, loader } from "~/studio/routes/uploads";

/**
 * The tus route module (/studio/uploads) behind a real HTTP server, called as React Router calls a
 * resource route (loader for HEAD and OPTIONS, action for the rest), so real tus clients
 * (tus-js-client, a raw socket) can be pointed at it.
 */
export async function startTusServer() {
  const server = http.createServer(async (req, res) => {
    try {
      const url = `http://${req.headers.host}${req.url}`;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string") headers.set(name, value);
      const hasBody = !["GET", "HEAD", "OPTIONS"].includes(req.method ?? "GET");
      const request = new Request(url, {
        method: req.method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
        duplex: "half",
      } as RequestInit);
      const args = {
        request,
        params: { "*": new URL(url).pathname.replace(/^\/studio\/uploads\/?/, "") },
        context: { clientIp: "127.0.0.1" },
      } as never;
      let response: Response;
      try {
        response = ["GET", "HEAD", "OPTIONS"].includes(req.method ?? "")
          ? await loader(args)
          : await action(args);
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        response = thrown;
      }
      // One request a connection: a client never reuses a socket the server is about to drop.
      res.writeHead(response.status, {
        ...Object.fromEntries(response.headers.entries()),
        Connection: "close",
      });
      res.end(Buffer.from(await response.arrayBuffer()));
      // Whatever the route left of the body is read away, as the app's own drain does.
      req.resume();
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/studio/uploads/`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One raw HTTP/1.1 exchange, bytes exactly as given (no client fixing the framing). */
export function rawRequest(port: number, head: string, body: Buffer = Buffer.alloc(0)) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = new Socket();
    let received = "";
    socket.connect(port, "127.0.0.1", () => {
      socket.write(`${head.replaceAll("\n", "\r\n")}\r\n`);
      socket.write(body);
    });
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [top = "", ...rest] = received.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = top.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const at = line.indexOf(":");
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}
