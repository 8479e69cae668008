import express from "express";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT_BYTES, type RouteHandle } from "~/platform/http/route-handle";
import { closingTestServers } from "../tests/support/test-servers";
import { bodyLimits } from "./body-limits";
import { describeRoute } from "./route-table";

/** A build with a layout, a public page, a page with its own body limit and a streamed splat route. */
function fakeBuild(): ServerBuild {
  const route = (
    id: string,
    path: string | undefined,
    parentId: string | undefined,
    handle?: RouteHandle,
  ) => ({
    id,
    path,
    parentId,
    module: { handle },
  });
  return {
    routes: {
      root: route("root", "", undefined),
      layout: route("layout", undefined, "root"),
      video: route("video", "video/:id", "layout", { cache: "public-page" }),
      profile: route("profile", "profile/:userId?", "layout", { bodyLimit: 3_000 }),
      uploads: route("uploads", "studio/uploads/*", "root", { bodyLimit: "streamed" }),
      contact: route("contact", "contact", "layout"),
    },
  } as unknown as ServerBuild;
}

describe("describeRoute", () => {
  const build = fakeBuild();

  it("labels a path with its route pattern and what the route declares", () => {
    expect(describeRoute("/video/42", build)).toEqual({
      label: "/video/:id",
      handle: { cache: "public-page" },
    });
    expect(describeRoute("/studio/uploads/abc", build).handle).toEqual({ bodyLimit: "streamed" });
  });

  it("gives routes that declare nothing no cache and no limit of their own", () => {
    expect(describeRoute("/contact", build)).toEqual({ label: "/contact", handle: {} });
  });

  it("gives a page's data request (React Router's `.data` URL) the page's route and declarations", () => {
    expect(describeRoute("/profile.data", build)).toEqual(describeRoute("/profile", build));
    expect(describeRoute("/profile/7.data", build)).toEqual({
      label: "/profile/:userId?",
      handle: { bodyLimit: 3_000 },
    });
    expect(describeRoute("/_root.data", build)).toEqual(describeRoute("/", build));
  });

  it("labels every language's page as one route, and marks a language we do not speak", () => {
    const languages = {
      routes: {
        root: { id: "root", path: "", module: {} },
        layout: { id: "layout", path: ":lang?", parentId: "root", module: {} },
        video: {
          id: "video",
          path: "video/:id",
          parentId: "layout",
          module: { handle: { cache: "public-page" } },
        },
      },
    } as unknown as ServerBuild;
    expect(describeRoute("/de/video/1", languages)).toEqual({
      label: "/video/:id",
      handle: { cache: "public-page" },
    });
    expect(describeRoute("/video/1", languages).label).toBe("/video/:id");
    expect(describeRoute("/xx/video/1", languages).foreignLanguage).toBe(true);
    expect(describeRoute("/en/video/1", languages).foreignLanguage).toBe(true);
    expect(describeRoute("/en-xa/video/1", languages).foreignLanguage).toBeUndefined();
  });

  it("labels paths no route serves without echoing them", () => {
    expect(describeRoute("/no/such/page", build)).toEqual({ label: "unmatched", handle: {} });
    expect(describeRoute("/media/clips/a.mp4", build).label).toBe("/media");
  });
});

describe("body limits declared by routes", () => {
  const servers = closingTestServers();

  async function post(path: string, bytes: number) {
    const app = express();
    const build = fakeBuild();
    app.use(bodyLimits((req) => describeRoute(req.path, build).handle.bodyLimit));
    app.post("/{*splat}", (req, res) => {
      req.resume();
      req.on("end", () => res.status(204).end());
    });
    const response = await fetch(`${await servers.start(app)}${path}`, {
      method: "POST",
      body: Buffer.alloc(bytes),
    });
    return response.status;
  }

  it("refuses a body over the limit the route declares, with 413, and accepts one within it", async () => {
    expect(await post("/profile/7", 3_001)).toBe(413);
    expect(await post("/profile/7", 3_000)).toBe(204);
  });

  it("holds a page's data request (a submission with JavaScript) to the page's own limit", async () => {
    expect(await post("/profile.data", 3_001)).toBe(413);
    expect(await post("/profile.data", 3_000)).toBe(204);
  });

  it("holds routes that declare nothing to the default limit", async () => {
    expect(await post("/contact", 3_001)).toBe(204);
    expect(await post("/contact", DEFAULT_BODY_LIMIT_BYTES + 1)).toBe(413);
  });

  it("leaves streamed routes to enforce their own limit", async () => {
    expect(await post("/studio/uploads/abc", DEFAULT_BODY_LIMIT_BYTES + 1)).toBe(204);
  });
});
