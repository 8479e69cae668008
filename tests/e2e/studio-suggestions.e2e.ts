import { describe, expect, it } from "vitest";
import { videoFile } from "../support/video-files";
import { DEMO_PASSWORD, signIn, signInByCookie } from "./accounts-helpers";
import { expectAccessible, expectVisible, newPage, PHONE } from "./browser";
import { screenshotIn } from "./screenshots";
import { clipsDeletedAfterAll } from "./uploaded-clips";

const CREATOR = { email: "maya@verdeo.local", password: DEMO_PASSWORD };
const DEVELOPER = { email: "dev@verdeo.local", password: DEMO_PASSWORD };
const uploaded = clipsDeletedAfterAll();

describe("keyword suggestions from the footage", () => {
  it("a creator uploads a pan over a red scene, is offered 'red' and 'pan', ticks them; once published buyers find it by the colour and camera filters", async () => {
    // A test card panned to the right and tinted red: its camera move and colour are known.
    const video = videoFile(`red-pan-${Date.now().toString(36)}.mp4`, {
      source: "testsrc2=s=2560x720:r=25",
      seconds: 12,
      filter: "crop=1280:720:x='t*90':y=0,lutrgb=r=val:g=val*0.25:b=val*0.25",
    });
    const page = await newPage();
    await signInByCookie(page, CREATOR.email, CREATOR.password);
    await page.goto("/studio/upload");
    await page.getByLabel("Video file").setInputFiles(video);
    await page.getByRole("link", { name: "Open clip" }).click({ timeout: 60_000 });
    await page.waitForURL(/\/studio\/clips\/\d+$/);
    uploaded.push(Number(page.url().split("/").pop()));

    // The page refreshes itself while the footage is processed, then analysed.
    const suggested = page.getByRole("group", { name: "Suggested from the footage" });
    await suggested.waitFor({ timeout: 90_000 });
    const red = suggested.getByRole("checkbox", { name: /^red/ });
    const pan = suggested.getByRole("checkbox", { name: /^pan/ });
    await red.check();
    await pan.check();
    // The card travels most of a frame's width in 12 s: the footage reads as energetic.
    await expectVisible(page.getByText("The footage suggests Energetic."));
    await page.getByRole("button", { name: "Use Energetic" }).click();
    expect(await page.getByLabel("Mood").inputValue()).toBe("energetic");
    await expectAccessible(page);
    await page.getByLabel("Tags").fill("test card");
    await page.getByRole("button", { name: "Save details" }).click();
    await page.getByTestId("toast").waitFor();

    const tags = await page.getByLabel("Tags").inputValue();
    expect(await page.getByLabel("Mood").inputValue()).toBe("energetic");
    expect(tags.split(/,\s*/)).toEqual(["test card", "red", "pan"]);
    // Accepted suggestions are tags now: the group no longer offers them.
    expect(await suggested.getByRole("checkbox", { name: /^red/ }).count()).toBe(0);

    const path = new URL(page.url()).pathname;
    for (const theme of ["light", "dark"] as const) {
      await screenshotIn(path, theme, undefined, CREATOR);
      await screenshotIn(path, theme, PHONE, CREATOR);
    }

    const title = await page.getByLabel("Title").inputValue();
    await page.getByRole("button", { name: "Submit for review" }).click();
    await page.waitForURL("**/studio");
    const staff = await newPage();
    await signIn(staff, DEVELOPER.email, DEVELOPER.password);
    await staff.goto(path.replace("/studio/", "/staff/"));
    await staff.getByRole("button", { name: "Approve and publish" }).click();
    await staff.waitForURL("**/staff/review");

    // A buyer narrows Explore by what the analysis saw, with the filters' own links.
    const buyer = await newPage();
    await buyer.goto("/videos");
    await buyer.getByTestId("filters").locator("summary").click();
    await buyer.locator('[data-facet="colour:red"]').click();
    await buyer.waitForURL("**/videos?colour=red");
    await buyer.locator('[data-facet="motion:pan"]').click();
    await buyer.waitForURL("**/videos?colour=red&motion=pan");
    await expectVisible(buyer.getByRole("link", { name: title }).first());
    expect(await buyer.locator('[data-facet="motion:pan"]').getAttribute("aria-current")).toBe("true");
    await expectAccessible(buyer);
    if (process.env.SHOTS_DIR)
      await buyer.getByTestId("filters").screenshot({ path: `${process.env.SHOTS_DIR}/filters-open.png` });
    await screenshotIn("/videos?colour=red&motion=pan", "dark");
    await screenshotIn("/videos?colour=red&motion=pan", "light", PHONE);
  }, 240_000);
});
