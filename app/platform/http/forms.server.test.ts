import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formValues, parseForm } from "./forms.server";
import { INPUT_MESSAGES } from "./input-guard";

const Schema = z
  .object({
    email: z.string({ error: "Email is required" }).trim().min(1, "Email is required"),
    password: z.string().min(6, "At least 6 characters"),
    tags: z.array(z.string()).optional(),
  })
  .refine((value) => value.email !== value.password, "Email and password must differ");

const post = (body: URLSearchParams | FormData | string, contentType?: string) =>
  new Request("http://localhost/form", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });

/** What a thrown `data(...)` carried: its status and body. */
async function thrown(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    const { data, init } = error as { data: unknown; init?: ResponseInit };
    return { status: init?.status, data };
  }
  throw new Error("expected a thrown answer");
}

describe("parseForm", () => {
  it("answers the schema's output for a valid form", async () => {
    const parsed = await parseForm(
      post(new URLSearchParams({ email: " a@b.test ", password: "secret1" })),
      Schema,
    );
    expect(parsed).toEqual({
      ok: true,
      data: { email: "a@b.test", password: "secret1" },
      values: { email: " a@b.test " },
    });
  });

  it("a refused form gets field errors, the form error and the values to re-fill, never the password", async () => {
    const parsed = await parseForm(post(new URLSearchParams({ email: "", password: "123" })), Schema);
    expect(parsed).toEqual({
      ok: false,
      reply: {
        ok: false,
        formError: null,
        fieldErrors: { email: "Email is required", password: "At least 6 characters" },
        values: { email: "" },
      },
    });
    const same = await parseForm(
      post(new URLSearchParams({ email: "secret1", password: "secret1" })),
      Schema,
    );
    expect(same).toMatchObject({ ok: false, reply: { formError: "Email and password must differ" } });
  });

  it("a missing field is a field error, not a crash", async () => {
    const parsed = await parseForm(post(new URLSearchParams({ password: "secret1" })), Schema);
    expect(parsed).toMatchObject({ ok: false, reply: { fieldErrors: { email: "Email is required" } } });
  });

  it("a field sent twice reaches the schema as a list, so a forged duplicate cannot override the real one", async () => {
    const tags = new URLSearchParams([
      ["email", "a@b.test"],
      ["password", "secret1"],
      ["tags", "x"],
      ["tags", "y"],
    ]);
    expect(await parseForm(post(tags), Schema)).toMatchObject({ ok: true, data: { tags: ["x", "y"] } });
    const twice = new URLSearchParams([
      ["email", "a@b.test"],
      ["email", "evil@b.test"],
      ["password", "secret1"],
    ]);
    expect(await parseForm(post(twice), Schema)).toMatchObject({
      ok: false,
      reply: { fieldErrors: { email: expect.any(String) } },
    });
  });

  it("reads multipart forms, files included", async () => {
    const form = new FormData();
    form.set("email", "a@b.test");
    form.set("password", "secret1");
    form.set("avatar", new File(["png"], "a.png", { type: "image/png" }));
    const WithFile = z.object({ email: z.string(), avatar: z.instanceof(File) });
    const parsed = await parseForm(post(form), WithFile);
    expect(parsed.ok && parsed.data.avatar.name).toBe("a.png");
    expect(parsed.ok && parsed.values).toEqual({ email: "a@b.test" });
  });

  it("formValues gives back each field's first text, never a password or a file", () => {
    const form = new FormData();
    form.append("email", "a@b.test");
    form.append("email", "evil@b.test");
    form.append("password", "secret1");
    form.append("avatar", new File(["png"], "a.png", { type: "image/png" }));
    expect(formValues(form)).toEqual({ email: "a@b.test" });
  });

  it("refuses control characters and a body that is not a form with a 400, before the schema runs", async () => {
    expect(
      await thrown(() => parseForm(post(new URLSearchParams({ email: "a\u0000b", password: "x" })), Schema)),
    ).toEqual({
      status: 400,
      data: { error: INPUT_MESSAGES.badField },
    });
    expect(await thrown(() => parseForm(post("{}", "application/json"), Schema))).toMatchObject({
      status: 400,
    });
  });
});
