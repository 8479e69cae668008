import { describe, expect, it } from "vitest";
import { DETAILS_MESSAGES } from "~/studio/clips/clip-details-schema";
import { action as clipAction } from "~/studio/routes/clip";
import { createClip } from "../factories/catalog";
import { post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

async function ownClip() {
  const creator = await signedIn("creator");
  const clipId = await createClip({ userId: creator.id, status: "needs_details", tags: ["lake"] });
  const path = `/studio/clips/${clipId}`;
  const save = (fields: Record<string, string> | [string, string][]) =>
    post(clipAction, path, fields, creator.cookie, { clipId: String(clipId) });
  return { save };
}

const details = {
  intent: "save",
  title: "Quiet Lake Morning",
  description: "Mist over still water.",
  nicheId: "nature",
  subNiche: "",
  mood: "calm",
  license: "standard",
  orientation: "landscape",
  colorTone: "neutral",
  tags: "lake, mist",
};

describe("studio clip details", () => {
  it("a refused field is named beside it and what was typed comes back to refill the form", async () => {
    const { save } = await ownClip();
    const refused = await save({ ...details, title: "ab", tags: "" });
    expect(refused).toMatchObject({
      status: 400,
      data: {
        formError: null,
        fieldErrors: { title: DETAILS_MESSAGES.titleShort, tags: DETAILS_MESSAGES.noTags },
        values: { title: "ab", description: details.description },
      },
    });
  });

  it("a forged second title is refused, not obeyed", async () => {
    const { save } = await ownClip();
    const forged = await save([...Object.entries(details), ["title", "Another Title"]]);
    expect(forged.status).toBe(400);
    expect(forged.data?.fieldErrors.title).toEqual(expect.any(String));
  });

  it("an unknown action is refused for the whole form", async () => {
    const { save } = await ownClip();
    expect(await save({ ...details, intent: "publish-now" })).toMatchObject({
      status: 400,
      data: { formError: "Unknown action." },
    });
  });

  it("a sub-niche of another niche is refused beside the field, naming the chosen niche", async () => {
    const { save } = await ownClip();
    const refused = await save({ ...details, nicheId: "technology", subNiche: "Oceans" });
    expect(refused).toMatchObject({
      status: 400,
      data: {
        fieldErrors: { subNiche: DETAILS_MESSAGES.subNicheOf("Oceans", "Technology") },
        values: { nicheId: "technology", subNiche: "Oceans" },
      },
    });
    expect(await save({ ...details, nicheId: "nature", subNiche: "Oceans" })).toMatchObject({ status: 302 });
  });
});
