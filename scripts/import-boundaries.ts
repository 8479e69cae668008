/**
 * The import boundaries of app/, as Biome `noRestrictedImports` overrides in biome.json.
 *
 * Biome applies one set of options per rule to a file (a later override replaces an earlier one), so
 * each file must match exactly one override: one per domain, per folder depth (a relative import may
 * not climb out of its domain), and per kind of file (only query and schema files touch the database;
 * route modules call services, never a queries file; only the HTTP layer in routes/ speaks HTTP).
 * That is too many to keep by hand, so this script writes them from the table below.
 *
 *   npx tsx scripts/import-boundaries.ts --write   rewrites biome.json's overrides
 *   npx tsx scripts/import-boundaries.ts --check   fails when biome.json differs (part of npm run lint)
 *
 * docs/architecture.md explains the layers; change the direction here, then run --write.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The two top domains (pages about the company, the staff console) may use every domain below them. */
const BELOW_THE_TOP = [
  "licensing",
  "payouts",
  "commerce",
  "payments",
  "studio",
  "media",
  "catalog",
  "accounts",
  "layout",
  "components",
  "platform",
];

/** What each domain may import besides itself and app/constants.ts. Upper layers first. */
export const MAY_IMPORT: Record<string, string[]> = {
  content: BELOW_THE_TOP,
  staff: BELOW_THE_TOP,
  // The public API: a thin layer over the services the pages use; nothing imports it.
  api: BELOW_THE_TOP,
  licensing: [
    "payouts",
    "commerce",
    "payments",
    "studio",
    "media",
    "catalog",
    "accounts",
    "components",
    "platform",
  ],
  // Creators' payout details, the royalty ledger and the payout runs: licensing credits it.
  payouts: ["commerce", "payments", "studio", "media", "catalog", "accounts", "components", "platform"],
  commerce: ["payments", "studio", "media", "catalog", "accounts", "components", "platform"],
  // The Stripe gateway (client, webhook intake, its handler table), money, countries and VAT rates:
  // below commerce and payouts, which register their Stripe event handlers with it.
  payments: ["components", "platform"],
  studio: ["media", "catalog", "accounts", "components", "platform"],
  media: ["catalog", "accounts", "platform"],
  // The site shell (header, footer, error page): above the domains whose data it shows.
  layout: ["catalog", "payments", "accounts", "components", "platform"],
  catalog: ["accounts", "components", "platform"],
  accounts: ["components", "platform"],
  // Shared UI pieces that know no domain.
  components: ["platform"],
  platform: [],
};

/** The files that gather every domain: nothing inside a domain imports them. */
const GATHERERS = ["root", "routes", "jobs.server", "entry.server"];

/** Domains that keep SQL in `*.queries.server.ts` and tables in `schema.server.ts` (platform is the database layer). */
const DATA_RULE_EXEMPT = new Set(["platform", "components", "layout"]);

/**
 * Platform's HTTP helpers for route modules and controllers (form parsing with `data()`, the toast
 * redirect, signed cookie sessions, a page's language or the redirect that replaces it): server
 * files outside any routes/ folder that may use
 * react-router because answering HTTP is all they do.
 */
export const HTTP_HELPERS = [
  "app/platform/http/cookies.server.ts",
  "app/platform/http/forms.server.ts",
  "app/platform/http/page-locale.server.ts",
  "app/platform/http/toast.server.ts",
];

const MAX_DEPTH = 4;
const TESTS = ["!**/*.test.ts", "!**/*.test.tsx"];

interface Override {
  includes: string[];
  linter: { rules: { style: { noRestrictedImports: { level: "error"; options: Restrictions } } } };
}
interface Restrictions {
  paths?: Record<string, string>;
  patterns: { group: string[]; message: string }[];
}

/**
 * Route modules and their controllers (routes/), services (`*.server.ts`), code shared by browser and
 * server (plain `.ts`/`.tsx`: components, schemas, texts), and the query and schema files: each kind
 * may import a little less.
 */
type FileKind = "route" | "service" | "shared" | "data";

/** A domain's tables are read and written only through its own services (docs/architecture.md). */
const foreignQueries = (owners: string[]) => ({
  group: owners.map((owner) => `~/${owner}/**/*.queries.server`),
  message:
    "Another domain's *.queries.server.ts is off limits: call that domain's services instead (a domain writes only its own tables, docs/architecture.md).",
});

/** Services answer in the domain's words; only routes/ (route modules, `*.action.server.ts`) answers HTTP. */
export const HTTP_MESSAGE =
  "A service returns results in the domain's words, never HTTP: answer HTTP in routes/*.action.server.ts (docs/architecture.md).";

const ROUTES_MESSAGE =
  "A route module calls a service (*.server.ts), never a *.queries.server.ts file: routes → services → queries (docs/architecture.md).";

function restrictions(domain: string, depth: number, kind: FileKind): Restrictions {
  const allowed = new Set(MAY_IMPORT[domain]);
  const patterns: Restrictions["patterns"] = [];
  // One pattern per rule, naming every domain it covers: a pattern per domain made biome.json
  // larger than Biome checks (1 MiB).
  const forbidden = Object.keys(MAY_IMPORT).filter((other) => other !== domain && !allowed.has(other));
  if (forbidden.length > 0) {
    patterns.push({
      group: forbidden.flatMap((other) => [`~/${other}`, `~/${other}/**`]),
      message: `${domain}/ may not import ${forbidden.map((other) => `${other}/`).join(", ")}: imports run one way, from upper domains to lower ones (docs/architecture.md).`,
    });
  }
  const lowerWithData = [...allowed].filter((lower) => !DATA_RULE_EXEMPT.has(lower));
  if (lowerWithData.length > 0) patterns.push(foreignQueries(lowerWithData));
  patterns.push({
    group: GATHERERS.flatMap((name) => [`~/${name}`, `~/${name}.*`]),
    message: "app/root.tsx, app/routes.ts and app/jobs.server.ts gather the domains: no domain imports them.",
  });
  patterns.push({
    group: [`~/${domain}`, `~/${domain}/**`],
    message: `Inside ${domain}/ import with a relative path (./, ../); ~/ is for other domains.`,
  });
  patterns.push({
    group: [`${"../".repeat(depth)}**`],
    message: `This relative import leaves ${domain}/: import another domain as ~/domain/... .`,
  });
  if (kind === "route") patterns.push({ group: ["**/*.queries.server"], message: ROUTES_MESSAGE });
  // Server code below the HTTP layer (services, queries) knows no requests' answers: no redirect,
  // no data() with a status, no cookie sessions (docs/architecture.md, "The three layers").
  const http: Record<string, string> =
    kind === "service" || kind === "data" ? { "react-router": HTTP_MESSAGE } : {};
  if (kind === "service" || kind === "data")
    patterns.push({ group: ["@react-router/**"], message: HTTP_MESSAGE });
  if (kind === "data" || DATA_RULE_EXEMPT.has(domain)) return { paths: http, patterns };
  // Services may open a transaction (db().transaction) and hand it to query functions; building SQL
  // and naming tables is for the queries files alone.
  const sqlMessage =
    "Only *.queries.server.ts files build SQL and use the tables: call a query function from here (docs/architecture.md).";
  patterns.push({ group: ["**/schema.server", "drizzle-orm/**"], message: sqlMessage });
  return { paths: { ...http, "drizzle-orm": sqlMessage }, patterns };
}

function override(includes: string[], options: Restrictions): Override {
  return { includes, linter: { rules: { style: { noRestrictedImports: { level: "error", options } } } } };
}

/** Code outside the domains (the gatherers in app/, the process in server/) uses services only. */
function outsideDomains(): Override[] {
  const queries = [foreignQueries(Object.keys(MAY_IMPORT).filter((domain) => !DATA_RULE_EXEMPT.has(domain)))];
  const upward = {
    group: ["../server", "../server/**"],
    message:
      "app/ may not import server/: the process wraps the app, not the reverse (docs/architecture.md).",
  };
  return [
    override(["app/*.ts", "app/*.tsx", ...TESTS], { patterns: [...queries, upward] }),
    override(["server/**/*.ts", ...TESTS], { patterns: queries }),
  ];
}

export function boundaryOverrides(): Override[] {
  const overrides: Override[] = [...outsideDomains()];
  for (const domain of Object.keys(MAY_IMPORT)) {
    for (let depth = 1; depth <= MAX_DEPTH; depth += 1) {
      const folder = `app/${domain}/${"*/".repeat(depth - 1)}`;
      const files = [`${folder}*.ts`, `${folder}*.tsx`];
      // Server files outside routes/ are services (or queries): they may not answer HTTP.
      const servers = [`${folder}*.server.ts`];
      const notServers = servers.map((file) => `!${file}`);
      // Route modules and controllers sit in app/<domain>/routes/ (one folder down, or deeper).
      const routeFolder = depth >= 2 ? `app/${domain}/routes/${"*/".repeat(depth - 2)}` : null;
      const routes = routeFolder ? [`${routeFolder}*.ts`, `${routeFolder}*.tsx`] : [];
      const notRoutes = routes.map((file) => `!${file}`);
      const helpers = HTTP_HELPERS.filter(
        (file) => file.startsWith(`app/${domain}/`) && file.split("/").length === depth + 2,
      );
      const notHelpers = helpers.map((file) => `!${file}`);
      if (routes.length > 0) {
        overrides.push(override([...routes, ...TESTS], restrictions(domain, depth, "route")));
      }
      overrides.push(
        override(
          [...files, ...notServers, ...helpers, ...notRoutes, ...TESTS],
          restrictions(domain, depth, "shared"),
        ),
      );
      if (DATA_RULE_EXEMPT.has(domain)) {
        overrides.push(
          override(
            [...servers, ...notRoutes, ...notHelpers, ...TESTS],
            restrictions(domain, depth, "service"),
          ),
        );
        continue;
      }
      const data = [`${folder}*.queries.server.ts`, `${folder}schema.server.ts`];
      overrides.push(
        override(
          [...servers, ...notRoutes, ...notHelpers, ...data.map((file) => `!${file}`), ...TESTS],
          restrictions(domain, depth, "service"),
        ),
      );
      overrides.push(override([...data, ...notRoutes, ...TESTS], restrictions(domain, depth, "data")));
    }
  }
  return overrides;
}

/**
 * Exceptions to the tree-wide lint rules. They live here because this script writes biome.json's
 * overrides. Integration tests call `useTestDatabase()` at the top of a file: a test helper whose
 * name starts with "use", not a React hook.
 */
const LINT_EXCEPTIONS = [
  {
    includes: ["tests/integration/**", "tests/setup/**"],
    linter: { rules: { correctness: { useHookAtTopLevel: "off" } } },
  },
];

const file = path.join(import.meta.dirname, "..", "biome.json");

function main() {
  const mode = process.argv[2];
  const text = readFileSync(file, "utf8");
  const config = JSON.parse(text);
  const overrides = [...boundaryOverrides(), ...LINT_EXCEPTIONS];
  const expected = `${JSON.stringify({ ...config, overrides }, null, 2)}\n`;
  if (mode === "--write") {
    writeFileSync(file, expected);
    // In Biome's own layout, so that `npm run lint` (which formats-checks biome.json) passes.
    execFileSync(
      path.join(import.meta.dirname, "..", "node_modules", ".bin", "biome"),
      ["format", "--write", file],
      {
        stdio: "ignore",
      },
    );
    console.log(`biome.json: ${boundaryOverrides().length} import-boundary overrides written`);
  } else if (mode === "--check") {
    if (JSON.stringify(JSON.parse(expected)) !== JSON.stringify(config)) {
      console.error(
        "biome.json's import boundaries differ from scripts/import-boundaries.ts: run it with --write",
      );
      process.exit(1);
    }
  } else {
    console.error("usage: tsx scripts/import-boundaries.ts --write | --check");
    process.exit(2);
  }
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) main();
