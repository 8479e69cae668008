import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClipsCached } from "~/catalog/search/search.server";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
});

const query = (search: string) => parseExploreQuery(new URLSearchParams(search));

describe("the public search pages' results", () => {
  it("are shared by visitors who ask at once and kept three seconds, then searched afresh", async () => {
    const creator = await createProfile();
    const first = await createClip({
      userId: creator.id,
      title: "Lighthouse Beam at Dusk",
      tags: ["lighthouse"],
    });
    const queries = vi.spyOn(pg.Client.prototype, "query");

    const [one, other] = await Promise.all([
      searchClipsCached(query("q=lighthouse")),
      searchClipsCached(query("q=lighthouse")),
    ]);
    expect(other).toBe(one);
    expect(one.clips.map((clip) => clip.id)).toEqual([first]);
    expect(queries).toHaveBeenCalled();

    const second = await createClip({
      userId: creator.id,
      title: "Lighthouse Keeper's Stairs",
      tags: ["lighthouse"],
    });
    queries.mockClear();

    expect((await searchClipsCached(query("q=lighthouse"))).total).toBe(1);
    expect(queries).not.toHaveBeenCalled();
    // Another sort is a search of its own.
    expect((await searchClipsCached(query("q=lighthouse&sort=newest"))).clips.map((clip) => clip.id)).toEqual(
      [second, first],
    );

    await new Promise((resolve) => setTimeout(resolve, 3_100));
    expect((await searchClipsCached(query("q=lighthouse"))).total).toBe(2);
  });

  it("do not keep a search that failed: the next visitor searches again", async () => {
    const creator = await createProfile();
    const clip = await createClip({ userId: creator.id, title: "Harbour Crane at Night", tags: ["crane"] });
    // pg's pool hands the client's query a callback.
    vi.spyOn(pg.Client.prototype, "query").mockImplementationOnce(((...args: unknown[]) => {
      const callback = args.find((arg) => typeof arg === "function") as (error: Error) => void;
      setImmediate(() => callback(new Error("connection lost")));
    }) as never);

    await expect(searchClipsCached(query("q=crane"))).rejects.toMatchObject({
      cause: { message: "connection lost" },
    });
    expect((await searchClipsCached(query("q=crane"))).clips.map((found) => found.id)).toEqual([clip]);
  });
});
