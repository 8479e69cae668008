import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/catalog/routes/suggest";
import { suggest } from "~/catalog/search/suggestions.server";
import { seedDemoContent } from "../../server/seed/seed";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

beforeAll(async () => {
  await seedDemoContent(() => {});
}, 300_000);

const labels = async (typed: string, locale?: Parameters<typeof suggest>[1]) =>
  (await suggest(typed, locale)).map((suggestion) => suggestion.label);

describe("search suggestions in the box's language", () => {
  it("a German prefix offers the German catalogue word, which searches as typed", async () => {
    const found = await suggest("stra", "de");
    expect(found).toContainEqual({ kind: "tag", label: "Strand", href: "/videos?q=Strand" });
  });

  it("niches and sub-niches are named and matched in the page's language, accents folded", async () => {
    expect(await labels("natur", "de")).toContain("Natur & Reisen");
    expect(await labels("walder", "de")).toContain("Natur & Reisen › Wälder");
    expect(await labels("自然", "ja")).toContain("自然・旅行");
    const [nature] = (await suggest("natur", "de")).filter((suggestion) => suggestion.kind === "niche");
    expect(nature?.href).toBe("/videos?niche=nature");
  });

  it("English suggestions keep the English names and offer no foreign words", async () => {
    const english = await labels("natu");
    expect(english).toContain("Nature & Travel");
    expect(english).not.toContain("Natur & Reisen");
    expect(await labels("stra")).not.toContain("Strand");
  });

  it("the endpoint reads the language from ?lang and takes an unknown one as English", async () => {
    const ask = async (query: string) =>
      (await loader({
        request: new Request(`http://verdeo.test/resources/suggest?${query}`),
        params: {},
        context: {},
      } as Parameters<typeof loader>[0])) as unknown as { data: { suggestions: { label: string }[] } };
    const german = await ask("q=natur&lang=de");
    expect(german.data.suggestions.map((item) => item.label)).toContain("Natur & Reisen");
    const unknown = await ask("q=natu&lang=%00xx");
    expect(unknown.data.suggestions.map((item) => item.label)).toContain("Nature & Travel");
  });
});
