import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATABASE_INPUT_MESSAGES } from "~/platform/db/input-errors";
import routes from "~/routes";
import { UPLOAD_MESSAGES } from "~/studio/uploads/upload-limits";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed/demo-content";
import { restoreDemoMedia, saveDemoMedia } from "../support/demo-media";
import { type ServerProcess, startBuiltServer } from "../support/server-process";

/**
 * Walks every route of the route config (so routes added later are walked too) with hostile values
 * in each path parameter, every query parameter and every form field the app reads, anonymous and
 * signed in, and checks that nothing answers 500 and that a refused request changed no row.
 */

const HOSTILE: [string, string][] = [
  ["NUL", "a\u0000b"],
  ["CR/LF", "a\r\nSet-Cookie: x=1"],
  ["tab", "/\t/evil.example"],
  ["10 KB", "x".repeat(10 * 1024)],
  ["2^31", "2147483648"],
  ["2^53", "9007199254740993"],
  ["negative", "-1"],
  ["negative 2^31", "-2147483649"],
];

/** Node's default limit on a request's head: a longer URL never reaches the app. */
const MAX_HEADER_BYTES = 16 * 1024;

const isClosedByServer = (error: unknown) =>
  /ECONNRESET|EPIPE|other side closed|socket hang up/.test(
    `${(error as Error).message} ${String((error as Error).cause ?? "")}`,
  );

interface RoutePattern {
  path: string;
  file: string;
}

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

function flatten(entries: RouteEntry[], parent = ""): RoutePattern[] {
  return entries.flatMap((entry) => {
    // Pages are attacked at their English address; a foreign language prefix has its own test.
    const segment = entry.path?.replace(/^:lang\?\/?/, "");
    const here = segment ? `${parent}/${segment}`.replace(/\/+/g, "/") : parent;
    const own = entry.path !== undefined || entry.index ? [{ path: here || "/", file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], here)];
  });
}

/** Every name the app reads from a query or a form, found in its source. */
function inputNames() {
  const names = new Set(["page", "id", "userId", "tierId", "clipId", "clipId", "orderId", "status", "sort"]);
  const pattern =
    /(?:searchParams|params|form|formData)\.(?:get|getAll|has|set)\("([\w-]+)"\)|name="([\w-]+)"|FILTER_NAMES: \w+\[\] = \[([^\]]+)\]/g;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : /\.tsx?$/.test(name) ? [file] : [];
    });
  for (const file of walk("app")) {
    for (const match of readFileSync(file, "utf8").matchAll(pattern)) {
      if (match[1]) names.add(match[1]);
      if (match[2]) names.add(match[2]);
      for (const quoted of match[3]?.match(/[\w-]+/g) ?? []) names.add(quoted);
    }
  }
  for (const meta of ["viewport", "theme-color"]) names.delete(meta);
  return [...names];
}

/** The intents a route module's action tells apart, read from its source (plus none at all). */
function intentsOf(file: string) {
  const source = readFileSync(path.join("app", file), "utf8");
  const intents = new Set<string | null>([null]);
  for (const match of source.matchAll(/intent(?:"\))? === "([\w-]+)"|name="intent" value="([\w-]+)"/g)) {
    intents.add(match[1] ?? match[2]!);
  }
  return [...intents];
}

const hasAction = (file: string) =>
  /export (?:async )?function action|export const action/.test(readFileSync(path.join("app", file), "utf8"));

/** The route's path with each parameter (and splat) replaced, optional ones also left out. */
function concretePaths(pattern: string, value: string): string[] {
  const encoded = encodeURIComponent(value);
  const filled = pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") || segment === "*" ? encoded : segment))
    .join("/");
  return [filled];
}

const hasParameters = (pattern: string) => pattern.split("/").some((s) => s.startsWith(":") || s === "*");

interface PageForm {
  page: string;
  action: string;
  fields: [string, string][];
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`)
    .exec(attributes)?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');

/**
 * The POST forms a rendered page holds, each with the values it would submit as it stands (hidden
 * fields, checked radios and boxes, first options, the first named submit button): a valid baseline
 * that one hostile field at a time is put into, so a value is judged by the rule of its own field.
 */
function formsOf(page: string, html: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    if (attribute(attributes, "method")?.toLowerCase() !== "post") continue;
    const fields: [string, string][] = [];
    for (const [, input = ""] of body.matchAll(/<input\b([^>]*)>/g)) {
      const name = attribute(input, "name");
      const type = attribute(input, "type") ?? "text";
      if (!name || type === "file") continue;
      if ((type === "radio" || type === "checkbox") && !/\schecked=/.test(input)) {
        if (type === "checkbox") fields.push([name, attribute(input, "value") ?? "on"]);
        continue;
      }
      fields.push([
        name,
        attribute(input, "value") ?? (type === "email" ? "someone@example.test" : "Hello there"),
      ]);
    }
    for (const [, select = "", options = ""] of body.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const name = attribute(select, "name");
      const first = /<option\b[^>]*value="([^"]*)"/.exec(options)?.[1];
      if (name && first !== undefined) fields.push([name, first]);
    }
    for (const [, area = ""] of body.matchAll(/<textarea\b([^>]*)>/g)) {
      const name = attribute(area, "name");
      if (name) fields.push([name, "A message of some length, written by a person."]);
    }
    const button = /<button\b([^>]*\sname="[^"]*"[^>]*)>/.exec(body)?.[1];
    const buttonName = button && attribute(button, "name");
    if (buttonName) fields.push([buttonName, attribute(button, "value") ?? ""]);
    const action = attribute(attributes, "action") ?? new URL(page, "http://x").pathname;
    if (fields.length > 0) forms.push({ page, action, fields });
  }
  return forms;
}

/**
 * Records every row any request inserts, updates or deletes (rate-limit counts aside, which every
 * request may move): a trigger on each application table appends to one log, so "did this request
 * change a row" is one cheap look at the log's end.
 */
/** Counts that every visit may move: rate limits, and the searches people make (for "top searches"). */
const UNWATCHED = ["rate_limits", "search_query_stats", "hostile_row_changes", "__drizzle_migrations"];

async function watchRowChanges(client: pg.Client) {
  await client.query(`
    create table hostile_row_changes (id bigserial primary key, name text not null, op text not null);
    create function hostile_record_change() returns trigger language plpgsql as $$
      begin insert into hostile_row_changes (name, op) values (TG_TABLE_NAME, TG_OP); return null; end $$;
    do $$ declare t text; begin
      for t in select table_name from information_schema.tables
               where table_schema = 'public' and table_type = 'BASE TABLE'
                 and table_name not in (${UNWATCHED.map((name) => `'${name}'`).join(", ")}) loop
        execute format('create trigger hostile_watch after insert or update or delete on %I
                        for each row execute function hostile_record_change()', t);
      end loop;
    end $$;`);
}

/** Waits until nothing has changed rows for a while: start-up jobs (search index, counters) are done. */
async function waitForQuiet(client: pg.Client, quietMs = 3_000, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await lastChange(client);
  let since = Date.now();
  while (Date.now() - since < quietMs && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await lastChange(client);
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

async function lastChange(client: pg.Client) {
  return Number(
    (await client.query("select coalesce(max(id), 0) as id from hostile_row_changes")).rows[0].id,
  );
}

async function changesSince(client: pg.Client, id: number) {
  const rows = await client.query<{ name: string; op: string }>(
    "select name, op from hostile_row_changes where id > $1 order by id",
    [id],
  );
  return rows.rows.map((row) => `${row.op} ${row.name}`);
}

describe("hostile input on every route", () => {
  let server: ServerProcess;
  let client: pg.Client;
  /** Sessions of each kind of member: staff pages and actions are walked as staff, the studio as a creator. */
  const sessions = { user: "", creator: "", developer: "" };
  const SIGNED_IN = ["user", "creator", "developer"] as const;
  type Who = "anonymous" | (typeof SIGNED_IN)[number];
  const cookieOf = (who: Who) => (who === "anonymous" ? "" : sessions[who]);
  // The member the single-session tests use (a creator).
  let cookie = "";
  const failures: string[] = [];
  const accepted: string[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-hostile-"));
    restoreDemoMedia(dataDir);
    // No job workers in this process: their background writes would be taken for the requests'.
    server = await startBuiltServer(
      { BETTER_AUTH_SECRET: "h".repeat(40), WORKERS: "0" },
      { dataDir, readyTimeoutMs: 300_000 },
    );
    await saveDemoMedia(dataDir);
    // The server's own embedded database, reached through its socket with its password.
    client = new pg.Client({
      host: path.join(dataDir, "pg"),
      port: 5432,
      user: "postgres",
      database: "postgres",
      password: readFileSync(path.join(dataDir, "pg-password"), "utf8").trim(),
    });
    await client.connect();
    for (const who of SIGNED_IN) sessions[who] = await signIn(who);
    cookie = sessions.creator;
    await watchRowChanges(client);
    await waitForQuiet(client);
  });

  beforeEach(async () => {
    failures.length = 0;
    // Every test starts with fresh limits: the walks sign in and post from one address all along.
    await client.query("delete from rate_limits");
  });

  afterAll(async () => {
    await client?.end();
    await server?.stop();
  });

  async function signIn(role: (typeof SIGNED_IN)[number]) {
    const demo = DEMO_USERS.find((user) => user.role === role)!;
    const response = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "password", email: demo.email, password: DEMO_PASSWORD }),
    });
    const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0]);
    if (!cookies.some((line) => line?.includes("session_token")))
      throw new Error(`no session: ${response.status}`);
    return cookies.join("; ");
  }

  async function send(label: string, url: string, init: RequestInit = {}) {
    let status: number;
    const t0 = Date.now();
    try {
      const response = await fetch(url, { redirect: "manual", ...init });
      status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      // Past Node's header limit the server answers 431 and closes at once; the client, still
      // sending, may see the close (a reset) before the answer. Either way nothing reached the app.
      if (url.length > MAX_HEADER_BYTES && isClosedByServer(error)) return 431;
      failures.push(`${label}: ${(error as Error).message} ${String((error as Error).cause ?? "")}`);
      return 0;
    }
    if (url.length > MAX_HEADER_BYTES && status !== 431) failures.push(`${label}: ${status}, not 431`);
    if (process.env.HOSTILE_TRACE) process.stderr.write(`${Date.now() - t0}ms ${status} ${label}\n`);
    if (status >= 500) failures.push(`${label}: ${status}`);
    return status;
  }

  const patterns = flatten(routes as RouteEntry[]);
  const names = inputNames();

  it("enumerates the routes of the route config", () => {
    expect(patterns.length).toBeGreaterThan(20);
    expect(patterns.map((pattern) => pattern.path)).toContain("/video/:id");
  });

  it("a form sent to a page under a language we do not speak is a 404 that runs no action", async () => {
    const before = await lastChange(client);
    for (const prefix of ["xx", "en", "1", "%00"]) {
      const response = await fetch(`${server.url}/${prefix}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: "A",
          email: "a@example.com",
          subject: "Hi",
          message: "Hello there",
        }),
      });
      expect([prefix, response.status]).toEqual([prefix, 404]);
    }
    expect(await lastChange(client)).toEqual(before);
  });

  it("no GET of any route with hostile path parameters or query values answers 500 or changes a row", async () => {
    const before = await lastChange(client);
    for (const who of ["anonymous", ...SIGNED_IN] as const) {
      const headers: Record<string, string> = who === "anonymous" ? {} : { Cookie: cookieOf(who) };
      for (const pattern of patterns) {
        const requests: [string, string][] = [];
        for (const [kind, value] of HOSTILE) {
          const paths = hasParameters(pattern.path) ? concretePaths(pattern.path, value) : [pattern.path];
          const query = new URLSearchParams(names.map((name) => [name, value]));
          for (const concrete of paths)
            requests.push([`${who} GET ${concrete.slice(0, 60)} (${kind})`, concrete]);
          const base = hasParameters(pattern.path) ? concretePaths(pattern.path, "1")[0]! : pattern.path;
          requests.push([`${who} GET ${base}?… (${kind})`, `${base}?${query}`]);
        }
        const arrays = new URLSearchParams(
          names.flatMap((name) => [
            [name, "1"],
            [name, "2"],
          ]),
        );
        requests.push([
          `${who} GET ${pattern.path}?arrays`,
          `${pattern.path.replace(/:\w+\??|\*/g, "1")}?${arrays}`,
        ]);
        // Four at a time: enough to walk quickly, few enough for a shared machine.
        for (let start = 0; start < requests.length; start += 4) {
          await Promise.all(
            requests
              .slice(start, start + 4)
              .map(([label, url]) => send(label, `${server.url}${url}`, { headers })),
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await changesSince(client, before)).toEqual([]);
  }, 900_000);

  it("no POST of any action with hostile form fields answers 500, and a refused one changes no row", async () => {
    const changed: string[] = [];
    for (const who of ["anonymous", ...SIGNED_IN] as const) {
      for (const pattern of patterns.filter((p) => hasAction(p.file))) {
        const url = `${server.url}${pattern.path.replace(/:\w+\??|\*/g, "1")}`;
        for (const intent of intentsOf(pattern.file)) {
          const bodies: [string, URLSearchParams][] = HOSTILE.map(([kind, value]) => [
            kind,
            new URLSearchParams(names.filter((n) => n !== "intent").map((name) => [name, value])),
          ]);
          bodies.push([
            "arrays",
            new URLSearchParams(
              names.flatMap((name) => [
                [name, "1"],
                [name, "2"],
              ]),
            ),
          ]);
          for (const [kind, body] of bodies) {
            if (intent) body.set("intent", intent);
            // Logging out ends the session the rest of the walk signs in with.
            if (who !== "anonymous" && pattern.path === "/logout") continue;
            const before = await lastChange(client);
            const label = `${who} POST ${pattern.path} intent=${intent} (${kind})`;
            const status = await send(label, url, {
              method: "POST",
              headers: {
                Origin: server.url,
                "Content-Type": "application/x-www-form-urlencoded",
                ...(who === "anonymous" ? {} : { Cookie: cookieOf(who) }),
              },
              body,
            });
            const rows = await changesSince(client, before);
            if (status >= 400 && rows.length > 0) changed.push(`${label}: ${status} changed ${rows}`);
            if (status > 0 && status < 400) accepted.push(`${label}: ${status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
  }, 900_000);

  it("every form a page renders, with one field at a time hostile: no 500, and a refused one changes no row", async () => {
    const pages = patterns
      .map(
        (pattern) =>
          pattern.path
            .replace(/:\w+\?|\*/g, "")
            .replace(/:\w+/g, "1")
            .replace(/\/+$/, "") || "/",
      )
      .filter((page, index, all) => all.indexOf(page) === index && !page.startsWith("/api/"));
    const seen = new Set<string>();
    const forms: (PageForm & { who: (typeof SIGNED_IN)[number] })[] = [];
    // Each member sees other forms: the studio's as a creator, the staff console's as staff.
    for (const who of SIGNED_IN)
      for (const page of pages) {
        const response = await fetch(`${server.url}${page}`, {
          headers: { Cookie: cookieOf(who) },
          redirect: "manual",
        });
        if (!response.headers.get("content-type")?.includes("text/html")) continue;
        for (const form of formsOf(page, await response.text())) {
          // Logging out would end the session the walk uses; one copy of each form is enough.
          const key = `${form.action} ${form.fields.map(([name]) => name).join(",")}`;
          if (form.action.startsWith("/logout") || seen.has(key)) continue;
          seen.add(key);
          forms.push({ ...form, who });
        }
      }
    if (process.env.HOSTILE_TRACE)
      process.stderr.write(`forms: ${forms.map((f) => `${f.who} ${f.page} → ${f.action}`)}\n`);
    expect(forms.length).toBeGreaterThanOrEqual(3);
    expect(forms.some((form) => form.who === "developer" && form.action.startsWith("/staff"))).toBe(true);
    const changed: string[] = [];
    for (const form of forms) {
      for (const [index, [name]] of form.fields.entries()) {
        if (name === "intent") continue;
        for (const [kind, value] of [...HOSTILE, ["array", "1"] as [string, string]]) {
          const body = new URLSearchParams(form.fields.map(([n, v], i) => [n, i === index ? value : v]));
          if (kind === "array") body.append(name, "2");
          const before = await lastChange(client);
          const label = `${form.who} POST ${form.action} from ${form.page}, ${name} = ${kind}`;
          const status = await send(label, `${server.url}${form.action}`, {
            method: "POST",
            headers: {
              Origin: server.url,
              "Content-Type": "application/x-www-form-urlencoded",
              Cookie: cookieOf(form.who),
            },
            body,
          });
          const rows = await changesSince(client, before);
          if (status >= 400 && rows.length > 0) changed.push(`${label}: ${status} changed ${rows}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
  }, 900_000);

  it("after log-in, redirectTo never leads off the site, and control characters never reach a header", async () => {
    const demo = DEMO_USERS[1]!;
    const targets: [string, number, string | null][] = [
      ["/%09/evil.example", 400, null],
      ["/%0A/evil.example", 400, null],
      ["/%0D/evil.example", 400, null],
      ["/..//evil.example", 302, "/profile"],
      ["//evil.example", 302, "/profile"],
      ["/%5Cevil.example", 302, "/profile"],
      ["https://evil.example/", 302, "/profile"],
      ["/video/1?x=1", 302, "/video/1?x=1"],
    ];
    for (const [target, status, location] of targets) {
      for (const [method, headers] of [
        ["POST", { "Content-Type": "application/x-www-form-urlencoded" }],
        ["GET", { Cookie: cookie }],
      ] as const) {
        const response = await fetch(`${server.url}/login?redirectTo=${target}`, {
          method,
          redirect: "manual",
          headers: { Origin: server.url, ...headers },
          body:
            method === "POST"
              ? new URLSearchParams({ intent: "password", email: demo.email, password: DEMO_PASSWORD })
              : undefined,
        });
        expect([method, target, response.status]).toEqual([method, target, status]);
        expect([method, target, response.headers.get("location")]).toEqual([method, target, location]);
      }
    }
  });

  it("an error document from a standalone page carries this response's nonce on every inline script", async () => {
    // A failing action: the rate-limit table is gone, so the log-in action throws before rendering.
    await client.query("alter table rate_limits rename to rate_limits_away");
    try {
      const response = await fetch(`${server.url}/login`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "password", email: "someone@example.test", password: "secret1" }),
      });
      const html = await response.text();
      expect(response.status).toBe(500);
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce).toBeTruthy();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    } finally {
      await client.query("alter table rate_limits_away rename to rate_limits");
    }
  });

  it("input that still reaches PostgreSQL and is refused there is a 400 with its message, never a 500", async () => {
    // A rule the routes do not check themselves stands in for any such gap: a check constraint on
    // the rate-limit keys, which hold the email a log-in is tried with (23514 for a long one) and
    // the address a username check comes from.
    await client.query(`alter table rate_limits add constraint hostile_probe
      check (char_length(key) < 80 and key not like 'username-check%') not valid`);
    try {
      const email = `${"a".repeat(70)}@example.test`;
      const form = new URLSearchParams({ intent: "password", email, password: "secret1" });
      const headers = { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" };
      const before = await lastChange(client);

      const document = await fetch(`${server.url}/login`, { method: "POST", headers, body: form });
      expect(document.status).toBe(400);
      expect(await document.text()).toContain(DATABASE_INPUT_MESSAGES["23514"]);

      // The same action as a hydrated page submits it (a single-fetch data request).
      const data = await fetch(`${server.url}/login.data`, { method: "POST", headers, body: form });
      expect(data.status).toBe(400);
      expect(await data.text()).toContain(DATABASE_INPUT_MESSAGES["23514"]);

      // A resource route (no page of its own).
      const resource = await fetch(`${server.url}/resources/username-availability?username=maya_films`);
      expect(resource.status).toBe(400);
      expect(await changesSince(client, before)).toEqual([]);
      // Logged as the client's mistake, not as a crash (the log is written in batches: wait for it).
      for (let tries = 0; tries < 40 && !server.output().includes("input refused"); tries++)
        await new Promise((resolve) => setTimeout(resolve, 250));
      const log = server.output();
      expect(log).toContain("input refused by the database");
      expect(log).not.toMatch(/"level":50[^\n]*check constraint/);
    } finally {
      await client.query("alter table rate_limits drop constraint hostile_probe");
    }
  });

  it("the tus endpoint refuses hostile Upload-Length, Upload-Offset and Upload-Metadata with a 4xx", async () => {
    const url = `${server.url}/studio/uploads`;
    const tus = (
      method: string,
      target: string,
      headers: Record<string, string>,
      body?: Uint8Array<ArrayBuffer>,
    ) =>
      fetch(target, {
        method,
        redirect: "manual",
        headers: { Origin: server.url, Cookie: sessions.creator, "Tus-Resumable": "1.0.0", ...headers },
        body,
      });
    const b64 = (text: string) => Buffer.from(text).toString("base64");
    const name = `filename ${b64("take.mp4")}`;
    const refusedBy: string[] = [];
    const expectRefused = async (label: string, response: Response) => {
      await response.arrayBuffer();
      if (response.status < 400 || response.status >= 500) refusedBy.push(`${label}: ${response.status}`);
    };
    const before = await lastChange(client);
    for (const length of [
      "-1",
      "abc",
      "1.5",
      "1e3",
      "0x10",
      "9007199254740993",
      "99999999999999999999",
      "x".repeat(10_240),
      "",
    ])
      await expectRefused(
        `Upload-Length ${length.slice(0, 20)}`,
        await tus("POST", url, { "Upload-Length": length, "Upload-Metadata": name }),
      );
    for (const metadata of [
      `filename ${b64("a\u0000b.mp4")}`,
      `filename ${b64("a\r\nb.mp4")}`,
      `filename ${b64(`${"x".repeat(10_240)}.mp4`)}`,
      "filename !!!not-base64!!!",
      `filename ${b64("notes.txt")}`,
      `filename ${b64("   ")}`,
      "x".repeat(10_240),
      "",
    ])
      await expectRefused(
        `Upload-Metadata ${metadata.slice(0, 30)}`,
        await tus("POST", url, { "Upload-Length": "1000", "Upload-Metadata": metadata }),
      );
    expect(refusedBy).toEqual([]);
    expect(await changesSince(client, before)).toEqual([]);

    // A real upload, then hostile offsets against it: nothing is written at a wrong offset.
    const created = await tus("POST", url, { "Upload-Length": "1000", "Upload-Metadata": name });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get("Location")!, server.url).href;
    for (const offset of [
      "-1",
      "abc",
      "1.5",
      "2147483648",
      "9007199254740993",
      "999",
      "",
      "x".repeat(10_240),
    ])
      await expectRefused(
        `Upload-Offset ${offset.slice(0, 20)}`,
        await tus(
          "PATCH",
          location,
          { "Upload-Offset": offset, "Content-Type": "application/offset+octet-stream" },
          new Uint8Array(10),
        ),
      );
    const head = await tus("HEAD", location, {});
    expect(head.headers.get("Upload-Offset")).toBe("0");
    expect((await tus("DELETE", location, {})).status).toBe(204);
    expect(refusedBy).toEqual([]);
  });

  it("a large PATCH that is no video gets its 415 and the formats while its body still arrives", async () => {
    const headers = { Origin: server.url, Cookie: sessions.creator, "Tus-Resumable": "1.0.0" };
    const size = 32 * 1024 * 1024;
    const created = await fetch(`${server.url}/studio/uploads`, {
      method: "POST",
      headers: {
        ...headers,
        "Upload-Length": String(size),
        "Upload-Metadata": `filename ${Buffer.from("page.mp4").toString("base64")}`,
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get("Location")!, server.url).href;
    const body = new Uint8Array(size);
    body.set(Buffer.from("<!DOCTYPE html><html><body>not a video</body></html>\n"));
    // Refused by its first bytes: cutting the connection then would lose the answer (a network error).
    const refused = await fetch(location, {
      method: "PATCH",
      headers: { ...headers, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      body,
    });
    expect(refused.status).toBe(415);
    expect(await refused.text()).toBe(UPLOAD_MESSAGES.notVideoContent);
    expect((await fetch(location, { method: "HEAD", headers })).status).toBe(404);
  });

  it("no JSON body to the auth endpoints answers 500", async () => {
    for (const endpoint of [
      "sign-in/email",
      "request-password-reset",
      "send-verification-email",
      "reset-password",
    ]) {
      for (const [kind, value] of HOSTILE) {
        const body = JSON.stringify({ email: value, password: value, token: value, newPassword: value });
        await send(`POST /api/auth/${endpoint} (${kind})`, `${server.url}/api/auth/${endpoint}`, {
          method: "POST",
          headers: { Origin: server.url, "Content-Type": "application/json" },
          body,
        });
      }
      await send(`POST /api/auth/${endpoint} (arrays)`, `${server.url}/api/auth/${endpoint}`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/json" },
        body: JSON.stringify({ email: ["a@b.co"], password: [1], token: {}, newPassword: 2 ** 53 }),
      });
    }
    expect(failures).toEqual([]);
  });
});
