import http, { type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/**
 * HTTP servers for a test file's tests: `start(app)` listens on a free local port and answers its
 * origin; every server started in a test is closed after it, keep-alive connections included.
 */
export function closingTestServers() {
  const running = new Set<Server>();
  const stop = async (server: Server) => {
    running.delete(server);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  afterEach(() => Promise.all([...running].map(stop)));
  return {
    async start(app: RequestListener) {
      const server = http.createServer(app);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      running.add(server);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    /** Closes every server started so far (a test that starts several in turn). */
    stopAll: () => Promise.all([...running].map(stop)),
  };
}
