import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { SUPPORT_EMAIL } from "~/constants";

/** The invoice's seller VAT id shipped as an example; a deployment must print its own. */
export const PLACEHOLDER_VAT_ID = "CY00000000X";
/** The example account in the payment instructions; a deployment must name its own. */
export const PLACEHOLDER_IBAN = "CY17 0020 0128 0000 0012 0052 7600";

/** The one place that reads process.env: everything else asks `config()`. */
const EnvFields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(value), {
      message: "must look like postgres://user:password@host:5432/database",
    })
    .refine((value) => value === undefined || URL.canParse(value), { message: "is not a valid URL" }),
  /**
   * The same database without a transaction-mode pooler in between: migrations, the job queue
   * (LISTEN/NOTIFY) and advisory locks need a session of their own. Unset: DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || (/^postgres(ql)?:\/\/[^\s]+$/.test(value) && URL.canParse(value)),
      {
        message: "must look like postgres://user:password@host:5432/database",
      },
    ),
  /** Connections in this process's pool (DATABASE_URL); unset: 20 for a web process, 8 for a worker. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  /**
   * A streaming replica of the same database, for the catalogue's public reads (home, explore,
   * search, clip pages, niches, suggestions, sitemaps) that may be a moment behind. Unset: the primary.
   */
  DATABASE_READ_URL: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || (/^postgres(ql)?:\/\/[^\s]+$/.test(value) && URL.canParse(value)),
      {
        message: "must look like postgres://user:password@replica-host:5432/database",
      },
    ),
  /** Connections in this process's pool to DATABASE_READ_URL; unset: DATABASE_POOL_SIZE's value. */
  DATABASE_READ_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  PUBLIC_URL: z.url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * The secret before the last rotation: what was encrypted with it (stored OAuth tokens) stays
   * readable. Drop it once every such value has been rewritten (at the latest after 30 days).
   */
  BETTER_AUTH_SECRET_PREVIOUS: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Unset: JSON lines, or readable coloured lines when stdout is a terminal. */
  LOG_FORMAT: z.enum(["json", "pretty"], { error: "must be json or pretty" }).optional(),
  /** Number of proxy hops to trust for X-Forwarded-For; 0 means the socket address is the client. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Verdeo <no-reply@verdeo.local>"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  /** Test-only: point the providers at a local fake OAuth server (e.g. http://127.0.0.1:4010). */
  OAUTH_MOCK_URL: z.url().optional(),
  /**
   * Test-only: the real Google and GitHub sign-in talks to this base URL instead of Google's and
   * GitHub's hosts (`<base>/<host>/<path>`, e.g. a local fake of their endpoints). A deployment
   * refuses a plain-http one.
   */
  OAUTH_PROVIDER_URL: z.url().optional(),
  /**
   * Demo content (accounts that share a public password, clips, promo codes) in an empty database
   * on start. Default: only when this is not a deployment (see `deployed`); a deployment gets it
   * only with SEED_DEMO=true.
   */
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  /** Older name of SEED_DEMO, still read. */
  SEED_ON_START: z.enum(["true", "false"]).optional(),
  /** Where `npm run build` wrote the app (separate builds let several test runs share a checkout). */
  VERDEO_BUILD_DIR: z.string().min(1).default("build"),
  /**
   * false: web processes and workers neither migrate nor seed at start (a one-shot `cli migrate`
   * and `cli seed --if-empty` does, before them); they refuse to start while a migration is pending.
   */
  MIGRATE_AT_START: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("true")
    .transform((value) => value === "true"),
  /** 0: this web process only enqueues jobs; `npm run worker` processes work them. */
  WORKERS: z
    .enum(["0", "1"], { error: "must be 0 (no workers in this process) or 1" })
    .default("1")
    .transform((value) => value === "1"),
  /**
   * After SIGTERM, /readyz answers 503 at once while requests are still served this long, so a load
   * balancer stops sending before the port closes. Default: 2 s, none in tests.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** The worker's own port for /healthz and /metrics (`npm run worker`); 0 picks a free one. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** ffmpeg and ffprobe 5+; unset, they are looked up on PATH (ffprobe also beside FFMPEG_PATH). */
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  /** A folder with pg_dump and pg_restore as new as the server, for `npm run cli -- backup`/`restore`. */
  PG_BIN_DIR: z.string().optional(),
  /** Where ffmpeg and ffprobe are looked up (the start-up log names the file found). */
  PATH: z.string().default(""),
  /** Bearer token that opens GET /metrics to other machines (from this machine it needs none). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** Media in this S3-compatible bucket; unset keeps media on local disk under DATA_DIR/media. */
  S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,255}$/, "must be a bucket name such as verdeo-media, not a URL or path")
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** Another S3-compatible store (MinIO, R2, …); unset means AWS itself. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://s3.example.com" })
    .optional(),
  /**
   * The store's address as browsers reach it, when the app reaches it by another (a container
   * network's name): licensed downloads are presigned for it. Unset: S3_ENDPOINT.
   */
  S3_PUBLIC_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://media.example.com" })
    .optional(),
  /**
   * Where browsers fetch public media (posters, previews, storyboard sprites) instead of the site's
   * /media path: a CDN (https://cdn.example.com/media) or the bucket's public address, serving the
   * same keys. Licensed downloads never use it. Unset: /media on the site.
   */
  MEDIA_BASE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://cdn.example.com/media" })
    .refine((value) => !/[?#]/.test(value), { message: "must have no query or fragment" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  /** Unset: the AWS SDK's default credential chain (AWS_* variables, profile, instance or task role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `endpoint/bucket/key` addressing, which most self-hosted stores (MinIO) expect. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /**
   * The ECB's daily reference rates (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml),
   * fetched each working day by payments.fetch-ecb-rates; unset, nothing is fetched (decision 0026).
   */
  ECB_RATES_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** Card payment through Stripe Checkout when both are set; without them orders are paid by hand. */
  STRIPE_SECRET_KEY: z.string().startsWith("sk_", "must be a Stripe secret key (sk_…)").optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith("whsec_", "must be a Stripe webhook secret (whsec_…)")
    .optional(),
  /**
   * The signing secret of the Connect endpoint (/webhooks/stripe/connect), where Stripe sends the
   * creators' connected-account events; unset, that endpoint refuses every delivery (decision 0021).
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .startsWith("whsec_", "must be a Stripe webhook secret (whsec_…)")
    .optional(),
  /** Test-only: where the Stripe client sends API calls (a local fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.url().optional(),
  /** The seller printed on invoices. */
  SELLER_NAME: z.string().default("Verdeo Ltd"),
  SELLER_ADDRESS: z.string().default("1 Makariou Avenue, 1065 Nicosia, Cyprus"),
  SELLER_VAT_ID: z.string().default(PLACEHOLDER_VAT_ID),
  /** The address on invoices: the support address the pages and mails give, unless set. */
  SELLER_EMAIL: z.string().default(SUPPORT_EMAIL),
  /** The account buyers pay orders into by bank transfer (the payment instructions' details). */
  SELLER_BANK_NAME: z.string().max(200).default("Bank of Cyprus"),
  SELLER_IBAN: z.string().max(50).default(PLACEHOLDER_IBAN),
  SELLER_BIC: z.string().max(11).default("BCYPCY2N"),
  /**
   * The platform operator's tax identification number, heading the annual seller report (DAC7) with
   * SELLER_NAME and SELLER_ADDRESS; unset, the report leaves it empty and the staff page says so.
   */
  PLATFORM_OPERATOR_TIN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ./-]{1,40}$/, "must be a tax identification number (letters, digits, . / -)")
    .optional(),
  /**
   * The EU VIES REST service that confirms VAT numbers (e.g.
   * https://ec.europa.eu/taxation_customs/vies/rest-api); unset, the check is skipped and recorded so.
   */
  VIES_URL: z.url().optional(),
  /**
   * Where the seller is registered to charge consumer tax (app/payments/taxes/tax-rules.ts): EU (the
   * One-Stop Shop, required), countries of the tax table, Canadian provinces with their own tax as
   * CA-QC, CA-BC, CA-SK, CA-MB. Default: all of them.
   */
  TAX_REGISTRATIONS: z
    .string()
    .regex(
      /^\s*(EU|[A-Za-z]{2}(-[A-Za-z]{2})?)(\s*,\s*(EU|[A-Za-z]{2}(-[A-Za-z]{2})?))*\s*$/,
      "must be a comma-separated list such as EU,GB,NO,CH,AU,CA,CA-QC",
    )
    .default("EU,GB,NO,CH,IS,AU,NZ,JP,SG,KR,IN,CA,CA-QC,CA-BC,CA-SK,CA-MB"),
  /** A consumer in a country not registered: no_tax (the invoice says why) or refuse (checkout says so). */
  TAX_UNREGISTERED: z.enum(["no_tax", "refuse"], { error: "must be no_tax or refuse" }).default("no_tax"),
  /**
   * HMRC's "Check a UK VAT number" API (e.g. https://api.service.hmrc.gov.uk), which confirms GB
   * numbers; unset, GB numbers cannot be confirmed and are charged VAT.
   */
  HMRC_VAT_URL: z.url().optional(),
  /** The seller's own UK VAT registration (digits), sent to HMRC to get a consultation number. */
  HMRC_REQUESTER_VRN: z
    .string()
    .regex(/^(GB)?\d{9}(\d{3})?$/, "must be a UK VAT number (GB and 9 or 12 digits)")
    .optional(),
  /** An order still awaiting payment after this many days is cancelled (its promo use given back). */
  ORDER_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** The creator's share of what one download is worth, in basis points (5000 = 50%). */
  ROYALTY_RATE_BPS: z.coerce.number().int().min(0).max(10_000).default(5_000),
  /** What one download of an unlimited plan is worth, in cents, for the creator's royalty. */
  UNLIMITED_DOWNLOAD_VALUE_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(1_000),
  /** A royalty waits this many days (the refund window) before it can be paid out. */
  PAYOUT_REFUND_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** A monthly run pays a creator whose available balance is at least this, in cents (€50). */
  PAYOUT_THRESHOLD_CENTS: z.coerce.number().int().min(1).max(100_000_000).default(5_000),
  /**
   * Encrypts creators' bank details at rest: 32 bytes, base64. Rotate by moving the old key to
   * PAYOUT_ENCRYPTION_KEY_PREVIOUS; what it sealed stays readable and is resealed on next write.
   * Unset in a local run, a key is generated into DATA_DIR like the auth secret.
   */
  PAYOUT_ENCRYPTION_KEY: z.string().optional(),
  PAYOUT_ENCRYPTION_KEY_PREVIOUS: z.string().optional(),
});

/** Settings that only make sense together. */
const EnvSchema = EnvFields.refine((env) => !env.DATABASE_DIRECT_URL || !!env.DATABASE_URL, {
  message: "needs DATABASE_URL: the embedded database has no pooler to go around",
  path: ["DATABASE_DIRECT_URL"],
})
  .refine((env) => !env.DATABASE_READ_URL || !!env.DATABASE_URL, {
    message: "needs DATABASE_URL: the embedded database has no replica",
    path: ["DATABASE_READ_URL"],
  })
  .refine((env) => !env.DATABASE_READ_POOL_SIZE || !!env.DATABASE_READ_URL, {
    message: "needs DATABASE_READ_URL: without a replica there is no read pool",
    path: ["DATABASE_READ_POOL_SIZE"],
  })
  .refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
    path: ["S3_ACCESS_KEY_ID"],
    error: "and S3_SECRET_ACCESS_KEY must be set together (or neither, for the SDK's default credentials)",
  })
  .refine((env) => !env.STRIPE_SECRET_KEY === !env.STRIPE_WEBHOOK_SECRET, {
    path: ["STRIPE_SECRET_KEY"],
    error: "and STRIPE_WEBHOOK_SECRET must be set together (or neither, for manual payment)",
  })
  .refine(
    (env) =>
      !!env.S3_BUCKET ||
      !(env.S3_ENDPOINT || env.S3_PUBLIC_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY),
    {
      // Otherwise media would quietly land on local disk, which several processes do not share.
      path: ["S3_BUCKET"],
      error: "is required when other S3_ settings are given",
    },
  );

export type Config = Omit<
  z.infer<typeof EnvSchema>,
  | "BETTER_AUTH_SECRET"
  | "PAYOUT_ENCRYPTION_KEY"
  | "PUBLIC_URL"
  | "DATA_DIR"
  | "SEED_DEMO"
  | "SEED_ON_START"
  | "SHUTDOWN_DRAIN_MS"
> & {
  SHUTDOWN_DRAIN_MS: number;
  DATA_DIR: string;
  PUBLIC_URL: string;
  BETTER_AUTH_SECRET: string;
  /** Always set: from the environment, or generated into DATA_DIR/payout-key on a local run. */
  PAYOUT_ENCRYPTION_KEY: string;
  /** Set when the auth secret was generated on this start (worth a warning in the log). */
  secretGenerated: boolean;
  /** Seed the demo content into an empty database (see SEED_DEMO). */
  seedDemo: boolean;
  /**
   * An external database, or a production build behind a public address: a deployment other people
   * use, where defaults that suit a laptop (a generated secret, mail to a folder) are not safe.
   */
  deployed: boolean;
  /** Start-up warnings worth a line in the log (the logger is not ready while config loads). */
  warnings: string[];
  /** One start-up line: deployment or local, which database, and whether the demo is seeded. */
  modeLine: string;
};

/** Secrets that may instead be read from a file named by `<NAME>_FILE` (Docker and Kubernetes secrets). */
export const FILE_SECRETS = [
  "DATABASE_URL",
  "DATABASE_DIRECT_URL",
  "DATABASE_READ_URL",
  "BETTER_AUTH_SECRET",
  "BETTER_AUTH_SECRET_PREVIOUS",
  "SMTP_URL",
  "GOOGLE_CLIENT_SECRET",
  "GITHUB_CLIENT_SECRET",
  "S3_SECRET_ACCESS_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_CONNECT_WEBHOOK_SECRET",
  "PAYOUT_ENCRYPTION_KEY",
  "PAYOUT_ENCRYPTION_KEY_PREVIOUS",
  "METRICS_TOKEN",
] as const;

export class ConfigError extends Error {}

let current: Config | undefined;

/** Parses the environment once; throws ConfigError with one readable line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = withFileSecrets(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== "")),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const { SEED_DEMO, SEED_ON_START, ...values } = parsed.data;
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, "");
  const deployed = !!values.DATABASE_URL || (values.NODE_ENV === "production" && !isLocalAddress(publicUrl));
  if (deployed && !values.BETTER_AUTH_SECRET) {
    throw new ConfigError(
      `BETTER_AUTH_SECRET is required ${values.DATABASE_URL ? "with an external DATABASE_URL" : `when serving ${publicUrl}`} (at least 32 characters, e.g. from \`openssl rand -base64 32\`)`,
    );
  }
  for (const name of ["OAUTH_PROVIDER_URL", "OAUTH_MOCK_URL"] as const) {
    const endpoint = values[name];
    if (deployed && endpoint && new URL(endpoint).protocol !== "https:") {
      throw new ConfigError(
        `${name} is plain http (${endpoint}): a deployment sends OAuth client secrets and tokens only over https (leave it unset to use Google and GitHub themselves)`,
      );
    }
  }
  if (deployed) refusePlaceholders(values);
  const dataDir = path.resolve(values.DATA_DIR);
  ensureWritableDir(dataDir);
  const { secret, generated } = values.BETTER_AUTH_SECRET
    ? { secret: values.BETTER_AUTH_SECRET, generated: false }
    : readOrCreateSecret(dataDir);
  const warnings: string[] = [];
  if (generated) {
    warnings.push(
      "BETTER_AUTH_SECRET is not set: generated one and stored it in DATA_DIR/auth-secret. Set it explicitly when running several processes.",
    );
  }
  if (deployed && !values.SMTP_URL) {
    warnings.push("SMTP_URL is not set: mail is written to DATA_DIR/outbox instead of being sent.");
  }
  const payoutKey = payoutEncryptionKey(values, deployed, dataDir);
  if (payoutKey.generated) {
    warnings.push(
      "PAYOUT_ENCRYPTION_KEY is not set: generated one and stored it in DATA_DIR/payout-key. Set it explicitly when running several processes.",
    );
  }
  if (values.PAYOUT_ENCRYPTION_KEY_PREVIOUS && values.PAYOUT_ENCRYPTION_KEY_PREVIOUS === payoutKey.key) {
    warnings.push("PAYOUT_ENCRYPTION_KEY_PREVIOUS is the same as PAYOUT_ENCRYPTION_KEY: nothing is rotated.");
  }
  // Card payments work without it, but creators' Connect events are refused (decision 0021).
  if (values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET && !values.STRIPE_CONNECT_WEBHOOK_SECRET) {
    warnings.push(
      "STRIPE_CONNECT_WEBHOOK_SECRET is not set: /webhooks/stripe/connect refuses every delivery; creators' payout statuses come only from the daily fetch and their return from onboarding.",
    );
  }
  if (values.BETTER_AUTH_SECRET_PREVIOUS && values.BETTER_AUTH_SECRET_PREVIOUS === secret) {
    warnings.push("BETTER_AUTH_SECRET_PREVIOUS is the same as BETTER_AUTH_SECRET: nothing is rotated.");
  }
  // A deployment's empty database must not get accounts whose password is in the README.
  const seedDemo = (SEED_DEMO ?? SEED_ON_START ?? (deployed ? "false" : "true")) === "true";
  const seedSource = SEED_DEMO ? "SEED_DEMO" : SEED_ON_START ? "SEED_ON_START" : "default";
  const modeLine = [
    deployed ? `Mode: deployment at ${publicUrl}` : `Mode: local (${publicUrl})`,
    values.DATABASE_URL ? "external database" : "embedded database",
    `demo content ${seedDemo ? "on" : "off"} (${seedSource === "default" ? (deployed ? "a deployment gets it only with SEED_DEMO=true" : "SEED_DEMO=false turns it off") : `${seedSource}=${SEED_DEMO ?? SEED_ON_START}`})`,
  ].join(", ");
  current = {
    ...values,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    BETTER_AUTH_SECRET: secret,
    PAYOUT_ENCRYPTION_KEY: payoutKey.key,
    secretGenerated: generated,
    SHUTDOWN_DRAIN_MS: values.SHUTDOWN_DRAIN_MS ?? (values.NODE_ENV === "test" ? 0 : 2_000),
    seedDemo,
    deployed,
    warnings,
    modeLine,
  };
  return current;
}

/**
 * `<NAME>_FILE` for each secret: its file's content (without the trailing newline) becomes the
 * value, so secrets need not sit in the environment, where `ps` and crash reports can show them.
 */
function withFileSecrets(env: Record<string, string | undefined>) {
  const result = { ...env };
  for (const name of FILE_SECRETS) {
    const file = env[`${name}_FILE`];
    if (file === undefined) continue;
    if (env[name] !== undefined) throw new ConfigError(`Set ${name} or ${name}_FILE, not both`);
    try {
      result[name] = readFileSync(file, "utf8").replace(/\r?\n$/, "");
    } catch (error) {
      throw new ConfigError(
        `${name}_FILE names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code})`,
      );
    }
  }
  return result;
}

/** Example values that would go out to customers: a deployment refuses to start with them. */
function refusePlaceholders(values: { SELLER_VAT_ID: string; SELLER_IBAN: string; MAIL_FROM: string }) {
  if (values.SELLER_VAT_ID === PLACEHOLDER_VAT_ID) {
    throw new ConfigError(
      `SELLER_VAT_ID is the placeholder ${PLACEHOLDER_VAT_ID}: a deployment prints its own seller on invoices (set SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_ID and SELLER_EMAIL)`,
    );
  }
  if (values.SELLER_IBAN.replace(/\s/g, "") === PLACEHOLDER_IBAN.replace(/\s/g, "")) {
    throw new ConfigError(
      `SELLER_IBAN is the example account ${PLACEHOLDER_IBAN}: a deployment tells buyers its own (set SELLER_BANK_NAME, SELLER_IBAN and SELLER_BIC)`,
    );
  }
  const domain = /@([^\s>]+)>?\s*$/.exec(values.MAIL_FROM)?.[1]?.toLowerCase();
  if (!domain || domain.endsWith(".local")) {
    throw new ConfigError(
      `MAIL_FROM is ${values.MAIL_FROM}: a deployment sends mail from an address on its own domain, e.g. MAIL_FROM="Verdeo <no-reply@example.com>"`,
    );
  }
}

function isLocalAddress(url: string) {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || host.startsWith("127.") || host.endsWith(".localhost");
}

export function config(): Config {
  return current ?? loadConfig();
}

/**
 * Card payment (Stripe) is on when both Stripe settings are present (the schema refuses one
 * without the other); otherwise orders are paid by bank transfer and creators paid by IBAN. The one
 * place this is decided: commerce and payouts both ask here.
 */
export function cardPaymentEnabled(): boolean {
  const settings = config();
  return Boolean(settings.STRIPE_SECRET_KEY && settings.STRIPE_WEBHOOK_SECRET);
}

function ensureWritableDir(dir: string) {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, ".write-test");
    writeFileSync(probe, "");
    chmodSync(probe, 0o600);
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dir} is not writable (${(error as NodeJS.ErrnoException).code})`);
  }
}

const PAYOUT_KEY_HINT = "32 random bytes in base64, e.g. from `openssl rand -base64 32`";

/** A key that decodes to exactly 32 bytes (AES-256), in base64 or base64url. */
function isPayoutKey(value: string) {
  return /^[A-Za-z0-9+/_-]{43}=?$/.test(value) && Buffer.from(value, "base64").length === 32;
}

/**
 * The key that seals creators' bank details: required by a deployment (a generated one would differ
 * between processes and be lost with the disk), generated into DATA_DIR on a local run.
 */
function payoutEncryptionKey(
  values: { PAYOUT_ENCRYPTION_KEY?: string; PAYOUT_ENCRYPTION_KEY_PREVIOUS?: string },
  deployed: boolean,
  dataDir: string,
) {
  for (const name of ["PAYOUT_ENCRYPTION_KEY", "PAYOUT_ENCRYPTION_KEY_PREVIOUS"] as const) {
    const value = values[name];
    if (value !== undefined && !isPayoutKey(value))
      throw new ConfigError(`${name} must be ${PAYOUT_KEY_HINT}`);
  }
  if (values.PAYOUT_ENCRYPTION_KEY) return { key: values.PAYOUT_ENCRYPTION_KEY, generated: false };
  if (deployed)
    throw new ConfigError(`PAYOUT_ENCRYPTION_KEY is required in a deployment: ${PAYOUT_KEY_HINT}`);
  const file = path.join(dataDir, "payout-key");
  if (existsSync(file)) {
    const key = readFileSync(file, "utf8").trim();
    if (!isPayoutKey(key)) throw new ConfigError(`DATA_DIR/payout-key must hold ${PAYOUT_KEY_HINT}`);
    return { key, generated: false };
  }
  const key = randomBytes(32).toString("base64");
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  generatedFiles.add(file);
  return { key, generated: true };
}

/** Secret files this process generated, whichever load of the configuration did it. */
const generatedFiles = new Set<string>();

/**
 * True when this process generated the secret file (a restore then puts the backup's in its place:
 * the configuration may have been loaded, and the file made, before the restore looked).
 */
export const generatedByThisProcess = (file: string) => generatedFiles.has(path.resolve(file));

/** A generated secret is kept in DATA_DIR so sessions survive restarts; mode 0600. */
function readOrCreateSecret(dataDir: string) {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return { secret: readFileSync(file, "utf8").trim(), generated: false };
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  generatedFiles.add(file);
  return { secret, generated: true };
}
