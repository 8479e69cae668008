import { describe, expect, it } from "vitest";
import { MAX_CLIP_SECONDS } from "../renditions/media-rules";
import {
  CREATOR_DAILY_FOOTAGE_SECONDS,
  dayOf,
  firstDayWithRoom,
  footageSeconds,
  renderBudget,
  waitingMessage,
} from "./processing-budget";

const DAY = 86_400_000;

describe("processing budgets", () => {
  it("counts footage in 1080p seconds: 4K at 60 fps weighs eight times 1080p at 30", () => {
    expect(footageSeconds({ durationSeconds: 10, width: 1920, height: 1080, frameRate: 30 })).toBe(10);
    expect(footageSeconds({ durationSeconds: 10, width: 1280, height: 720, frameRate: 25 })).toBe(10);
    expect(footageSeconds({ durationSeconds: 10, width: 3840, height: 2160, frameRate: 60 })).toBe(80);
  });

  it("never counts more seconds than a render may read, whatever a duration says", () => {
    const claimed = footageSeconds({ durationSeconds: 10_000, width: 1920, height: 1080, frameRate: 30 });
    expect(claimed).toBeLessThanOrEqual(MAX_CLIP_SECONDS + 2);
  });

  it("gives a render CPU and wall time in proportion to its footage, CPU first", () => {
    const short = renderBudget(10);
    const long = renderBudget(480);
    expect(long.cpuMs).toBeGreaterThan(short.cpuMs);
    expect(long.cpuMs).toBeLessThan(long.wallMs);
    // Two minutes of 4K finish inside the render job's 45-minute expiry.
    expect(long.wallMs).toBeLessThan(45 * 60_000);
  });

  it("books today while there is room, then the first later day with room", () => {
    const now = new Date("2026-11-26T12:41:00Z");
    const today = dayOf(now).getTime();
    expect(firstDayWithRoom(now, 100, new Map()).getTime()).toBe(today);
    const full = new Map([[today, CREATOR_DAILY_FOOTAGE_SECONDS - 50]]);
    expect(firstDayWithRoom(now, 100, full).getTime()).toBe(today + DAY);
    const twoFull = new Map([
      [today, CREATOR_DAILY_FOOTAGE_SECONDS],
      [today + DAY, CREATOR_DAILY_FOOTAGE_SECONDS - 10],
    ]);
    expect(firstDayWithRoom(now, 100, twoFull).getTime()).toBe(today + 2 * DAY);
  });

  it("takes a clip larger than a whole day's allowance on a day with nothing booked", () => {
    const now = new Date("2026-11-26T12:41:00Z");
    expect(firstDayWithRoom(now, CREATOR_DAILY_FOOTAGE_SECONDS * 3, new Map()).getTime()).toBe(
      dayOf(now).getTime(),
    );
  });

  it("tells the creator the day and hour a waiting clip starts", () => {
    expect(waitingMessage(new Date("2026-11-27T00:00:00Z"))).toBe(
      "Today's processing allowance is used: this clip starts processing on 27 November 2026 at 00:00 UTC.",
    );
  });
});
