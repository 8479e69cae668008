import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORT_EMAIL } from "~/constants";
import { ConfigError, loadConfig, PLACEHOLDER_IBAN, PLACEHOLDER_VAT_ID } from "./config.server";
import { databaseUrls } from "./db/database-urls";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "verdeo-config-"));

describe("configuration", () => {
  it("defaults PORT to 3000 and PUBLIC_URL to localhost", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("prints the support address the site gives on invoices unless SELLER_EMAIL is set", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).SELLER_EMAIL).toBe(SUPPORT_EMAIL);
    expect(loadConfig({ DATA_DIR: dataDir(), SELLER_EMAIL: "accounts@example.com" }).SELLER_EMAIL).toBe(
      "accounts@example.com",
    );
  });

  it("generates the auth secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.secretGenerated).toBe(true);
    expect(second.secretGenerated).toBe(false);
    expect(second.BETTER_AUTH_SECRET).toBe(first.BETTER_AUTH_SECRET);
  });

  it("generates the payout encryption key once into DATA_DIR (32 bytes), and refuses a malformed one", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(first.PAYOUT_ENCRYPTION_KEY, "base64")).toHaveLength(32);
    expect(first.warnings.some((line) => line.startsWith("PAYOUT_ENCRYPTION_KEY is not set"))).toBe(true);
    expect(loadConfig({ DATA_DIR: dir }).PAYOUT_ENCRYPTION_KEY).toBe(first.PAYOUT_ENCRYPTION_KEY);
    for (const name of ["PAYOUT_ENCRYPTION_KEY", "PAYOUT_ENCRYPTION_KEY_PREVIOUS"])
      for (const bad of ["short", Buffer.alloc(16).toString("base64"), "x".repeat(44)])
        expect(() => loadConfig({ DATA_DIR: dir, [name]: bad })).toThrow(
          new RegExp(`^${name} must be 32 random bytes in base64`),
        );
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: "postgres://u:p@db.example/v",
        BETTER_AUTH_SECRET: "s".repeat(40),
        SELLER_VAT_ID: "CY10259033P",
        SELLER_IBAN: "DE89 3704 0044 0532 0130 00",
        MAIL_FROM: "Verdeo <no-reply@verdeo.example>",
      }),
    ).toThrow(/^PAYOUT_ENCRYPTION_KEY is required in a deployment/);
  });

  it("rejects a malformed DATABASE_URL with one clear line", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://nope" })).toThrow(
      /DATABASE_URL must look like postgres:\/\//,
    );
  });

  it("routes queries through DATABASE_URL and sessions (migrations, the queue, locks) through DATABASE_DIRECT_URL when a pooler is in between", () => {
    const pooled = "postgres://verdeo:secret@pgbouncer:6432/verdeo";
    const direct = "postgres://verdeo:secret@postgres:5432/verdeo";
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: pooled,
      DATABASE_DIRECT_URL: direct,
      DATABASE_POOL_SIZE: "50",
      BETTER_AUTH_SECRET: "s".repeat(40),
      SELLER_VAT_ID: "CY10259033P",
      SELLER_IBAN: "DE89 3704 0044 0532 0130 00",
      MAIL_FROM: "Verdeo <no-reply@verdeo.example>",
      PAYOUT_ENCRYPTION_KEY: "dGVzdC1wYXlvdXQta2V5LXRoaXJ0eS10d28tYnl0ZXM=",
    });
    expect(databaseUrls(config, undefined)).toEqual({ pooled, direct, throughPooler: true });
    expect(config.DATABASE_POOL_SIZE).toBe(50);
    expect(databaseUrls({ DATABASE_URL: pooled }, undefined)).toEqual({
      pooled,
      direct: pooled,
      throughPooler: false,
    });
    expect(databaseUrls({}, "postgres://embedded")).toEqual({
      pooled: "postgres://embedded",
      direct: "postgres://embedded",
      throughPooler: false,
    });
  });

  it("refuses DATABASE_DIRECT_URL without DATABASE_URL, a malformed one, and a pool size out of range", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_DIRECT_URL: "postgres://a@b/c" })).toThrow(
      /DATABASE_DIRECT_URL needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_DIRECT_URL: "mysql://a@b/c" })).toThrow(
      /DATABASE_DIRECT_URL must look like postgres:/,
    );
    for (const size of ["0", "1001", "2.5", "many"])
      expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: size })).toThrow(
        /DATABASE_POOL_SIZE/,
      );
  });

  it("sends the catalogue's reads to DATABASE_READ_URL when set, with its own pool size, and refuses it without DATABASE_URL or malformed", () => {
    const pooled = "postgres://verdeo:secret@pgbouncer:6432/verdeo";
    const read = "postgres://verdeo:secret@replica:5432/verdeo";
    expect(databaseUrls({ DATABASE_URL: pooled, DATABASE_READ_URL: read }, undefined)).toEqual({
      pooled,
      direct: pooled,
      throughPooler: false,
      read,
    });
    expect(databaseUrls({ DATABASE_URL: pooled }, undefined)).not.toHaveProperty("read");
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: pooled,
      DATABASE_READ_URL: read,
      DATABASE_READ_POOL_SIZE: "40",
      BETTER_AUTH_SECRET: "s".repeat(40),
      SELLER_VAT_ID: "CY10259033P",
      SELLER_IBAN: "DE89 3704 0044 0532 0130 00",
      MAIL_FROM: "Verdeo <no-reply@verdeo.example>",
      PAYOUT_ENCRYPTION_KEY: "dGVzdC1wYXlvdXQta2V5LXRoaXJ0eS10d28tYnl0ZXM=",
    });
    expect(config.DATABASE_READ_POOL_SIZE).toBe(40);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_READ_URL: read })).toThrow(
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: pooled, DATABASE_READ_URL: "replica:5432" }),
    ).toThrow(/DATABASE_READ_URL must look like postgres:/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: pooled, DATABASE_READ_POOL_SIZE: "10" }),
    ).toThrow(/DATABASE_READ_POOL_SIZE needs DATABASE_READ_URL/);
  });

  it("takes MEDIA_BASE_URL as an http(s) URL without its trailing slash, and refuses anything else", () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), MEDIA_BASE_URL: "https://cdn.example.com/media/" }).MEDIA_BASE_URL,
    ).toBe("https://cdn.example.com/media");
    expect(loadConfig({ DATA_DIR: dataDir() }).MEDIA_BASE_URL).toBeUndefined();
    for (const bad of ["cdn.example.com", "ftp://cdn.example.com", "https://cdn.example.com/media?v=1"])
      expect(() => loadConfig({ DATA_DIR: dataDir(), MEDIA_BASE_URL: bad })).toThrow(/MEDIA_BASE_URL/);
  });

  it("migrates and seeds at start unless MIGRATE_AT_START=false leaves it to a one-shot step, and refuses other values", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).MIGRATE_AT_START).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), MIGRATE_AT_START: "true" }).MIGRATE_AT_START).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), MIGRATE_AT_START: "false" }).MIGRATE_AT_START).toBe(false);
    for (const bad of ["0", "no", "FALSE"])
      expect(() => loadConfig({ DATA_DIR: dataDir(), MIGRATE_AT_START: bad })).toThrow(
        /MIGRATE_AT_START must be true or false/,
      );
  });

  it("rejects an unwritable DATA_DIR", () => {
    expect(() => loadConfig({ DATA_DIR: "/dev/null/verdeo" })).toThrow(ConfigError);
  });

  it("rejects a port out of range", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "70000" })).toThrow(/PORT/);
  });

  it("keeps media on local disk unless S3_BUCKET is set, with us-east-1 and virtual-hosted addressing", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config.S3_REGION).toBe("us-east-1");
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
  });

  it("reads an S3-compatible store's settings, S3_FORCE_PATH_STYLE as a boolean", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: "verdeo-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config).toMatchObject({
      S3_BUCKET: "verdeo-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: true,
    });
  });

  it("rejects a bucket given as a URL with one clear line", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: "s3://verdeo-media" })).toThrow(
      "Invalid configuration: S3_BUCKET must be a bucket name such as verdeo-media, not a URL or path",
    );
  });

  it("rejects an S3_ENDPOINT that is not an http(s) URL", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: "media", S3_ENDPOINT: "minio:9000" })).toThrow(
      /^Invalid configuration: S3_ENDPOINT must be an http\(s\) URL/,
    );
  });

  it("rejects S3_FORCE_PATH_STYLE other than true or false", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: "media", S3_FORCE_PATH_STYLE: "yes" })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it("rejects an S3 access key without its secret", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: "media", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /^Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
  });

  it("rejects S3 settings without S3_BUCKET rather than quietly keeping media on local disk", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      "Invalid configuration: S3_BUCKET is required when other S3_ settings are given",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_PUBLIC_ENDPOINT: "http://localhost:9000" })).toThrow(
      "S3_BUCKET is required when other S3_ settings are given",
    );
  });

  it("reads the store's public address for presigned links, and refuses one that is not http(s)", () => {
    const settings = { DATA_DIR: dataDir(), S3_BUCKET: "media", S3_ENDPOINT: "http://s3:9000" };
    expect(loadConfig({ ...settings, S3_PUBLIC_ENDPOINT: "http://localhost:9000" }).S3_PUBLIC_ENDPOINT).toBe(
      "http://localhost:9000",
    );
    expect(() => loadConfig({ ...settings, S3_PUBLIC_ENDPOINT: "ftp://media" })).toThrow(
      /S3_PUBLIC_ENDPOINT must be an http\(s\) URL/,
    );
  });

  describe("safe defaults for a deployment", () => {
    const external = "postgres://verdeo:secret@db.internal:5432/verdeo";
    const secret = "s".repeat(40);
    /** What every deployment must set beside its secret: its own seller and mail sender. */
    const business = {
      SELLER_VAT_ID: "CY10259033P",
      SELLER_IBAN: "DE89 3704 0044 0532 0130 00",
      MAIL_FROM: "Verdeo <no-reply@verdeo.example>",
      PAYOUT_ENCRYPTION_KEY: "dGVzdC1wYXlvdXQta2V5LXRoaXJ0eS10d28tYnl0ZXM=",
    };

    it("refuses an external database without BETTER_AUTH_SECRET, in one line", () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: external })).toThrow(
        /^BETTER_AUTH_SECRET is required with an external DATABASE_URL \(at least 32 characters/,
      );
    });

    it("refuses a production build on a public address without BETTER_AUTH_SECRET", () => {
      expect(() =>
        loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "production", PUBLIC_URL: "https://verdeo.example" }),
      ).toThrow(/BETTER_AUTH_SECRET is required when serving https:\/\/verdeo.example/);
    });

    it("refuses plain-http OAuth endpoints in a deployment, naming the setting", () => {
      for (const name of ["OAUTH_PROVIDER_URL", "OAUTH_MOCK_URL"]) {
        expect(() =>
          loadConfig({
            DATA_DIR: dataDir(),
            NODE_ENV: "production",
            PUBLIC_URL: "https://verdeo.example",
            BETTER_AUTH_SECRET: secret,
            ...business,
            [name]: "http://oauth.example",
          }),
        ).toThrow(new RegExp(`^${name} is plain http \\(http://oauth.example\\): a deployment sends OAuth`));
      }
      const https = loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: external,
        BETTER_AUTH_SECRET: secret,
        ...business,
        OAUTH_PROVIDER_URL: "https://oauth.example",
      });
      expect(https.OAUTH_PROVIDER_URL).toBe("https://oauth.example");
      // A production build on loopback (the browser and system tests) may use a local fake.
      const local = loadConfig({
        DATA_DIR: dataDir(),
        NODE_ENV: "production",
        OAUTH_PROVIDER_URL: "http://127.0.0.1:4010",
      });
      expect(local.OAUTH_PROVIDER_URL).toBe("http://127.0.0.1:4010");
    });

    it("still generates a secret for a production build on localhost (npm start on a laptop)", () => {
      const config = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "production" });
      expect(config.secretGenerated).toBe(true);
      expect(config.deployed).toBe(false);
    });

    describe("demo content by deployment mode", () => {
      const databases = { embedded: {}, external: { DATABASE_URL: external } };
      const addresses = { local: "http://localhost:3000", https: "https://verdeo.example" };
      const seeds = { unset: {}, true: { SEED_DEMO: "true" }, false: { SEED_DEMO: "false" } };
      const cases = Object.entries(databases).flatMap(([database, databaseEnv]) =>
        Object.entries(addresses).flatMap(([address, url]) =>
          Object.entries(seeds).map(([seed, seedEnv]) => {
            const deployed = database === "external" || address === "https";
            const demo = seed === "true" || (seed === "unset" && !deployed);
            return {
              database,
              address,
              seed,
              env: { ...databaseEnv, ...seedEnv, PUBLIC_URL: url },
              deployed,
              demo,
            };
          }),
        ),
      );

      it.each(cases)(
        "$database database at a $address address, SEED_DEMO $seed: deployment $deployed, demo $demo",
        ({ env, deployed, demo }) => {
          const config = loadConfig({
            DATA_DIR: dataDir(),
            NODE_ENV: "production",
            BETTER_AUTH_SECRET: secret,
            ...business,
            ...env,
          });
          expect({ deployed: config.deployed, demo: config.seedDemo }).toEqual({ deployed, demo });
        },
      );

      it("says at start-up which mode it is in and whether the demo is seeded, and why", () => {
        const base = { DATA_DIR: dataDir(), NODE_ENV: "production", BETTER_AUTH_SECRET: secret, ...business };
        expect(loadConfig(base).modeLine).toBe(
          "Mode: local (http://localhost:3000), embedded database, demo content on (SEED_DEMO=false turns it off)",
        );
        expect(loadConfig({ ...base, PUBLIC_URL: "https://verdeo.example" }).modeLine).toBe(
          "Mode: deployment at https://verdeo.example, embedded database, demo content off (a deployment gets it only with SEED_DEMO=true)",
        );
        expect(loadConfig({ ...base, DATABASE_URL: external, SEED_DEMO: "true" }).modeLine).toBe(
          "Mode: deployment at http://localhost:3000, external database, demo content on (SEED_DEMO=true)",
        );
      });
    });

    it("refuses the placeholder seller VAT id on a deployment, in one line", () => {
      const deployment = {
        DATA_DIR: dataDir(),
        DATABASE_URL: external,
        BETTER_AUTH_SECRET: secret,
        MAIL_FROM: business.MAIL_FROM,
      };
      expect(() => loadConfig(deployment)).toThrow(
        new ConfigError(
          `SELLER_VAT_ID is the placeholder ${PLACEHOLDER_VAT_ID}: a deployment prints its own seller on invoices (set SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_ID and SELLER_EMAIL)`,
        ),
      );
      // A laptop keeps the example seller.
      expect(loadConfig({ DATA_DIR: dataDir() }).SELLER_VAT_ID).toBe(PLACEHOLDER_VAT_ID);
    });

    it("refuses the example IBAN on a deployment, however it is spaced", () => {
      const deployment = {
        DATA_DIR: dataDir(),
        DATABASE_URL: external,
        BETTER_AUTH_SECRET: secret,
        ...business,
      };
      // Unset (the default) or typed without spaces.
      for (const iban of ["", PLACEHOLDER_IBAN.replace(/\s/g, "")]) {
        expect(() => loadConfig({ ...deployment, SELLER_IBAN: iban })).toThrow(
          /^SELLER_IBAN is the example account CY17 0020/,
        );
      }
    });

    it("refuses a .local MAIL_FROM on a deployment, the default included", () => {
      const deployment = {
        DATA_DIR: dataDir(),
        NODE_ENV: "production",
        PUBLIC_URL: "https://verdeo.example",
        BETTER_AUTH_SECRET: secret,
        SELLER_VAT_ID: business.SELLER_VAT_ID,
        SELLER_IBAN: business.SELLER_IBAN,
        PAYOUT_ENCRYPTION_KEY: business.PAYOUT_ENCRYPTION_KEY,
      };
      expect(() => loadConfig(deployment)).toThrow(
        /^MAIL_FROM is Verdeo <no-reply@verdeo.local>: a deployment sends mail/,
      );
      expect(() => loadConfig({ ...deployment, MAIL_FROM: "ops@shop.LOCAL" })).toThrow(
        /^MAIL_FROM is ops@shop.LOCAL/,
      );
      expect(loadConfig({ ...deployment, MAIL_FROM: "shop@verdeo.example" }).MAIL_FROM).toBe(
        "shop@verdeo.example",
      );
    });

    it("reads secrets from *_FILE, without the file's trailing newline", () => {
      const dir = dataDir();
      const file = path.join(dir, "auth-secret.txt");
      writeFileSync(file, `${"f".repeat(40)}\n`);
      const databaseFile = path.join(dir, "database-url");
      writeFileSync(databaseFile, external);
      const config = loadConfig({
        DATA_DIR: dir,
        BETTER_AUTH_SECRET_FILE: file,
        DATABASE_URL_FILE: databaseFile,
        ...business,
      });
      expect(config.BETTER_AUTH_SECRET).toBe("f".repeat(40));
      expect(config.DATABASE_URL).toBe(external);
    });

    it("refuses a secret given both directly and as a file, or a file it cannot read", () => {
      expect(() =>
        loadConfig({ DATA_DIR: dataDir(), BETTER_AUTH_SECRET: secret, BETTER_AUTH_SECRET_FILE: "/x" }),
      ).toThrow(new ConfigError("Set BETTER_AUTH_SECRET or BETTER_AUTH_SECRET_FILE, not both"));
      expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL_FILE: "/nonexistent/smtp" })).toThrow(
        new ConfigError("SMTP_URL_FILE names /nonexistent/smtp, which cannot be read (ENOENT)"),
      );
    });

    it("reads LOG_FORMAT as json or pretty and refuses anything else", () => {
      expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: "json" }).LOG_FORMAT).toBe("json");
      expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: "xml" })).toThrow(
        "Invalid configuration: LOG_FORMAT must be json or pretty",
      );
    });

    it("warns at start-up when a deployment has no SMTP_URL", () => {
      const config = loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: external,
        BETTER_AUTH_SECRET: secret,
        ...business,
      });
      expect(config.warnings).toEqual([expect.stringMatching(/^SMTP_URL is not set/)]);
      const withMail = loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: external,
        BETTER_AUTH_SECRET: secret,
        ...business,
        SMTP_URL: "smtp://mail.internal:587",
      });
      expect(withMail.warnings).toEqual([]);
    });

    it("warns at start-up when Stripe is on without the Connect endpoint's secret", () => {
      const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_account" };
      const without = loadConfig({ DATA_DIR: dataDir(), BETTER_AUTH_SECRET: secret, ...stripe });
      expect(without.warnings).toContainEqual(
        expect.stringMatching(/^STRIPE_CONNECT_WEBHOOK_SECRET is not set/),
      );
      const withConnect = loadConfig({
        DATA_DIR: dataDir(),
        BETTER_AUTH_SECRET: secret,
        ...stripe,
        STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connect",
      });
      expect(withConnect.warnings.some((line) => line.startsWith("STRIPE_CONNECT"))).toBe(false);
    });

    it("accepts a previous secret for rotation", () => {
      const config = loadConfig({
        DATA_DIR: dataDir(),
        BETTER_AUTH_SECRET: secret,
        BETTER_AUTH_SECRET_PREVIOUS: "p".repeat(40),
      });
      expect(config.BETTER_AUTH_SECRET_PREVIOUS).toBe("p".repeat(40));
    });
  });
});
