import { createStaticHandler, type EntryContext, type StaticHandlerContext } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import handleRequest from "./entry.server";

/** The smallest document React Router can render: one route, no loader, no scripts. */
async function entryContext(request: Request): Promise<EntryContext> {
  const handler = createStaticHandler([{ id: "root", path: "/" }]);
  const staticHandlerContext = (await handler.query(request)) as StaticHandlerContext;
  return {
    manifest: {
      version: "test",
      url: "/manifest.js",
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: {
          id: "root",
          path: "/",
          module: "/root.js",
          hasAction: false,
          hasLoader: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
          clientActionModule: undefined,
          clientLoaderModule: undefined,
          clientMiddlewareModule: undefined,
          hydrateFallbackModule: undefined,
        },
      },
    },
    routeModules: { root: { default: () => <p>A rendered page</p> } },
    staticHandlerContext,
    branches: [],
    future: { v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false, v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

test.each([
  ["a visitor", "Mozilla/5.0"],
  ["a crawler", "Googlebot/2.1"],
])(
  "a page rendered for %s leaves no timer behind, so nothing rendered outlives its response",
  async (_, agent) => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const request = new Request("http://verdeo.test/", { headers: { "user-agent": agent } });
    const response = (await handleRequest(request, 200, new Headers(), await entryContext(request), {
      cspNonce: "n0nce",
    } as never)) as Response;

    expect(await response.text()).toContain("A rendered page");
    expect(vi.getTimerCount()).toBe(0);
  },
);
