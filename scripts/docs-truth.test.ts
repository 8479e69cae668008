import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FILE_SECRETS } from "~/platform/config.server";

/**
 * What the README and docs/deploy.md say about the code, checked against the code, so that a new
 * secret or console command cannot leave the operators' docs behind (issue 34: docs tell the truth).
 */

const read = (file: string) => readFileSync(file, "utf8");
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** Every `NAME_FILE` in backticks (or after a `# ` in .env.example) that a text mentions. */
const fileSecretsIn = (text: string) =>
  sorted([...text.matchAll(/(?:`|^# )([A-Z][A-Z0-9_]*_FILE)\b/gm)].map((match) => match[1]!));

const readFiles = FILE_SECRETS.map((name) => `${name}_FILE`);

describe("the *_FILE secrets in the docs", () => {
  it("docs/deploy.md lists exactly the secrets the config reads from files", () => {
    expect(fileSecretsIn(read("docs/deploy.md"))).toEqual(sorted(readFiles));
  });

  it("the README and .env.example name only secrets the config reads from files", () => {
    for (const file of ["README.md", ".env.example"]) {
      const named = fileSecretsIn(read(file));
      expect(named.length, file).toBeGreaterThan(0);
      expect(
        named.filter((name) => !readFiles.includes(name)),
        file,
      ).toEqual([]);
    }
  });
});

/** The console's commands, from server/cli.ts (which runs on import, so it is read as text). */
function cliCommands() {
  const source = read("server/cli.ts");
  const usage = /const USAGE =\s*"Usage: npm run cli -- ([^"]+)"/.exec(source)?.[1];
  const main = source.slice(source.indexOf("async function main("));
  return {
    usage: sorted((usage ?? "").split(" | ").map((form) => form.trim())),
    dispatched: sorted([...main.matchAll(/case "([a-z-]+)":/g)].map((match) => match[1]!)),
  };
}

/** The `npm run cli -- …` lines of the README's "Operator commands" block, without their comments. */
function readmeConsole() {
  const readme = read("README.md");
  const section = readme.slice(readme.indexOf("## Operator commands"));
  const block = section.slice(section.indexOf("```sh"), section.indexOf("```", section.indexOf("```sh") + 5));
  return sorted([...block.matchAll(/^npm run cli -- (.+?)\s*(?:#.*)?$/gm)].map((match) => match[1]!.trim()));
}

describe("the console commands in the docs", () => {
  it("the CLI's usage line offers exactly the commands it dispatches", () => {
    const { usage, dispatched } = cliCommands();
    expect(dispatched.length).toBeGreaterThan(0);
    expect(sorted(usage.map((form) => form.split(" ")[0]!))).toEqual(dispatched);
  });

  it("the README's Operator commands list each form of each command, and no other", () => {
    expect(readmeConsole()).toEqual(cliCommands().usage);
  });

  it("every `npm run cli -- …` in the README and docs names a command the CLI has", () => {
    const { dispatched } = cliCommands();
    for (const file of ["README.md", "docs/deploy.md", "docs/architecture.md"]) {
      const named = [...read(file).matchAll(/npm run cli -- ([a-z-]+)/g)].map((match) => match[1]!);
      expect(
        named.filter((command) => !dispatched.includes(command)),
        file,
      ).toEqual([]);
    }
  });
});
