import { describe, expect, it } from "vitest";
import { DATABASE_INPUT_MESSAGES, databaseInputProblem } from "./input-errors";

/** Shaped like the driver's DatabaseError (pg), wrapped as Drizzle wraps it. */
function databaseError(code: string, constraint?: string) {
  const driver = Object.assign(new Error("database said no"), { code, severity: "ERROR", constraint });
  return Object.assign(new Error("Failed query: select 1"), { cause: driver });
}

describe("database errors caused by input", () => {
  it.each(Object.entries(DATABASE_INPUT_MESSAGES))(
    "SQLSTATE %s is the client's mistake: %s",
    (code, message) => {
      expect(databaseInputProblem(databaseError(code))).toMatchObject({ code, message });
    },
  );

  it("the driver's error itself is recognised, not only when wrapped", () => {
    const driver = Object.assign(new Error("x"), { code: "22P02", severity: "ERROR" });
    expect(databaseInputProblem(driver)?.code).toBe("22P02");
  });

  it("names the constraint a check or foreign key refused, for the log", () => {
    expect(databaseInputProblem(databaseError("23514", "contact_subject_length"))?.constraint).toBe(
      "contact_subject_length",
    );
  });

  it.each([
    ["a unique violation (a race we should handle)", databaseError("23505")],
    ["a syntax error (our bug)", databaseError("42601")],
    ["an undefined table", databaseError("42P01")],
    ["a lost connection", databaseError("08006")],
    ["a Node system error", Object.assign(new Error("no file"), { code: "ENOENT" })],
    ["a code without a driver's severity", Object.assign(new Error("x"), { code: "22P02" })],
    ["a plain error", new Error("boom")],
    ["a thrown string", "boom"],
    ["nothing", undefined],
  ])("%s stays a crash (500)", (_label, error) => {
    expect(databaseInputProblem(error)).toBeNull();
  });

  it("a cycle of causes ends", () => {
    const a: { cause?: unknown } = {};
    a.cause = a;
    expect(databaseInputProblem(a)).toBeNull();
  });
});
