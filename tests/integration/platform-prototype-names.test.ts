import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "~/api/endpoints/endpoints.server";
import { API_SCOPES } from "~/api/keys/api-keys";
import routes from "~/routes";
import { createAccount, sessionCookie } from "../factories/accounts";
import { apiKeyFor, callApi } from "../factories/api";
import { routeArgs, settle } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";

/**
 * Names a client chooses (query parameters, form fields) are looked up in objects: a name that is a
 * member of Object.prototype (`constructor`, `__proto__`, `toString`…) must read as an unknown or
 * missing input, never reach a prototype's function, on every API endpoint and every form.
 */

useTestDatabase();

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const ORIGIN = "http://localhost:3000";

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

/** Every route of the route config with its full path pattern. */
function flatten(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.path !== undefined || entry.index ? [{ path: here || "/", file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], here)];
  });
}

/** A path parameter's value: a number where an id is expected reaches further into the action. */
const concrete = (pattern: string) => pattern.replace(/:\w+\??/g, "1").replace(/\*/g, "1");
const paramsOf = (pattern: string) =>
  Object.fromEntries(
    [...pattern.matchAll(/:(\w+)\??/g)]
      .map((match) => [match[1], "1"])
      .concat(pattern.includes("*") ? [["*", "1"]] : []),
  );

/** The endpoint's path with each `{name}` filled. */
const endpointPath = (template: string) => template.slice("/api/v1".length).replace(/\{\w+\}/g, "1");

describe("Object.prototype's member names as input", () => {
  let key = "";
  const sessions: Record<string, string> = { anonymous: "" };

  beforeAll(async () => {
    const developer = await createAccount({ role: "developer" });
    key = await apiKeyFor(developer.id, [...API_SCOPES]);
    for (const role of ["user", "creator", "developer"] as const) {
      const account = await createAccount({ role });
      sessions[role] = await sessionCookie(account.email);
    }
  });

  it("lists Object.prototype's names and the API's endpoints", () => {
    expect(PROTOTYPE_NAMES).toEqual(
      expect.arrayContaining(["constructor", "__proto__", "toString", "valueOf"]),
    );
    expect(ENDPOINTS.length).toBeGreaterThan(5);
  });

  it("as query parameters, on every API endpoint, with and without a key: a 4xx or an answer, never a 5xx", async () => {
    const failures: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const template = `/api/v1${endpoint.path}`;
      for (const name of PROTOTYPE_NAMES) {
        for (const withKey of [false, true]) {
          const query = new URLSearchParams([[name, "1"]]);
          const answer = await callApi(endpoint.method, `${endpointPath(template)}?${query}`, {
            key: withKey ? key : undefined,
            body: endpoint.method === "GET" || endpoint.method === "DELETE" ? undefined : {},
          });
          if (answer.status >= 500)
            failures.push(`${endpoint.method} ${template}?${name} (key: ${withKey}): ${answer.status}`);
          else if (answer.status >= 400)
            expect(answer.headers.get("Content-Type"), `${endpoint.method} ${template}?${name}`).toContain(
              "application/problem+json",
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("as form fields, on every route with an action, anonymous and signed in: never a 5xx", async () => {
    const failures: string[] = [];
    const patterns = flatten(routes as RouteEntry[]).filter((pattern) => !pattern.path.startsWith("/api/v1"));
    let actions = 0;
    let requests = 0;
    for (const pattern of patterns) {
      const module = (await import(path.resolve("app", pattern.file))) as {
        action?: (args: unknown) => Promise<unknown>;
      };
      if (typeof module.action !== "function") continue;
      actions++;
      for (const [who, cookie] of Object.entries(sessions)) {
        // Logging out would end the session the rest of the walk posts with.
        if (cookie && pattern.path === "/logout") continue;
        // Every name at once, then each alone (an action may stop at the first field it refuses).
        const bodies = [
          PROTOTYPE_NAMES.map((name) => [name, "1"]),
          ...PROTOTYPE_NAMES.map((name) => [[name, "1"]]),
        ];
        for (const fields of bodies) {
          const request = new Request(`${ORIGIN}${concrete(pattern.path)}`, {
            method: "POST",
            headers: {
              Origin: ORIGIN,
              "Content-Type": "application/x-www-form-urlencoded",
              ...(cookie ? { Cookie: cookie } : {}),
            },
            body: new URLSearchParams(fields as [string, string][]),
          });
          // Each request from an address of its own: a rate limit must not answer before the form is read.
          const args = {
            ...routeArgs(request, `10.${++requests >> 16}.${(requests >> 8) & 255}.${requests & 255}`),
            params: paramsOf(pattern.path),
          };
          const label = `${who} POST ${pattern.path} ${fields.length > 1 ? "(all)" : fields[0]![0]}`;
          try {
            const result = await settle(() => module.action!(args));
            if (result.status >= 500) failures.push(`${label}: ${result.status}`);
          } catch (error) {
            failures.push(`${label}: threw ${(error as Error).message}`);
          }
        }
      }
    }
    expect(actions).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  }, 300_000);
});
