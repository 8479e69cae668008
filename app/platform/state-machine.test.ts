import { describe, expect, it } from "vitest";
import { canMove, type StateMachine } from "./state-machine";

type Door = "open" | "closed" | "locked";
const DOOR = {
  close: { from: ["open"], to: "closed", audit: "door.close" },
  lock: { from: ["closed"], to: "locked", audit: "door.lock" },
  open: { from: ["closed", "locked"], to: "open", audit: "door.open" },
} as const satisfies StateMachine<Door>;

describe("canMove", () => {
  it("allows a move from each of its from-states and from no other", () => {
    expect(canMove(DOOR, "close", "open")).toBe(true);
    expect(canMove(DOOR, "close", "closed")).toBe(false);
    expect(canMove(DOOR, "open", "locked")).toBe(true);
    expect(canMove(DOOR, "lock", "open")).toBe(false);
  });
});
