import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const biome = path.resolve("node_modules/.bin/biome");
const scratch = mkdtempSync(path.join(tmpdir(), "verdeo-boundaries-"));
cpSync("biome.json", path.join(scratch, "biome.json"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Lints one file, placed at `file` in a scratch tree with the project's biome.json. */
async function lint(file: string, source: string) {
  mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
  writeFileSync(path.join(scratch, file), source);
  try {
    await promisify(execFile)(biome, ["lint", "--colors=off", file], { cwd: scratch });
    return "";
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return `${stdout}${stderr}`;
  }
}

describe("npm run lint holds the domain boundaries", () => {
  it("refuses a domain importing another domain's queries file, naming the rule", async () => {
    const output = await lint(
      "app/licensing/probe.server.ts",
      'import { lockOrder } from "~/commerce/orders/order.queries.server";\n\nexport const probe = lockOrder;\n',
    );
    expect(output).toContain(
      "Another domain's *.queries.server.ts is off limits: call that domain's services",
    );
  });

  it("refuses server/ code importing a domain's queries file", async () => {
    const output = await lint(
      "server/probe.ts",
      'import { lockOrder } from "~/commerce/orders/order.queries.server";\n\nexport const probe = lockOrder;\n',
    );
    expect(output).toContain("Another domain's *.queries.server.ts is off limits");
  });

  it("refuses app/ importing server/", async () => {
    const output = await lint(
      "app/jobs.server.ts",
      'import { probe } from "../server/seed/media";\n\nexport const jobs = [probe];\n',
    );
    expect(output).toContain("app/ may not import server/");
  });

  it("refuses a service importing react-router or @react-router/*, naming the controller layer", async () => {
    for (const [file, source] of [
      [
        "app/commerce/probe.server.ts",
        'import { redirect } from "react-router";\n\nexport const probe = redirect;\n',
      ],
      [
        "app/payouts/probe.queries.server.ts",
        'import { createRequestHandler } from "@react-router/express";\n\nexport const probe = createRequestHandler;\n',
      ],
      [
        "app/accounts/probe.server.ts",
        'import { data } from "react-router";\n\nexport const probe = data;\n',
      ],
    ]) {
      expect(await lint(file!, source!), file).toContain(
        "A service returns results in the domain's words, never HTTP: answer HTTP in routes/*.action.server.ts",
      );
    }
  });

  it("lets controllers, route modules, components and platform's HTTP helpers use react-router", async () => {
    const source = 'import { redirect } from "react-router";\n\nexport const probe = redirect;\n';
    for (const file of [
      "app/commerce/routes/probe.action.server.ts",
      "app/commerce/routes/probe.tsx",
      "app/catalog/components/probe.tsx",
      "app/platform/http/forms.server.ts",
      "app/platform/http/toast.server.ts",
    ]) {
      expect(await lint(file, source), file).toBe("");
    }
  });

  it("lets a domain call another domain's services", async () => {
    const output = await lint(
      "app/licensing/probe-ok.server.ts",
      'import { findOrderById } from "~/commerce/orders/orders.server";\n\nexport const probe = findOrderById;\n',
    );
    expect(output).toBe("");
  });
});
