import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "verdeo-config-"));

describe("configuration", () => {
  it("defaults PORT to 3000 and PUBLIC_URL to localhost", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("generates the auth secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.secretGenerated).toBe(true);
    expect(second.secretGenerated).toBe(false);
    expect(second.BETTER_AUTH_SECRET).toBe(first.BETTER_AUTH_SECRET);
  });

  it("rejects a malformed DATABASE_URL with one clear line", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://nope" })).toThrow(
      /DATABASE_URL must look like postgres:\/\//,
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
  });

  describe("safe defaults for a deployment", () => {
    const external = "postgres://verdeo:secret@db.internal:5432/verdeo";
    const secret = "s".repeat(40);

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
            [name]: "http://oauth.example",
          }),
        ).toThrow(new RegExp(`^${name} is plain http \\(http://oauth.example\\): a deployment sends OAuth`));
      }
      const https = loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: external,
        BETTER_AUTH_SECRET: secret,
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

    it("seeds demo content on the embedded database only, unless SEED_DEMO says otherwise", () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).seedDemo).toBe(true);
      const deployed = { DATA_DIR: dataDir(), DATABASE_URL: external, BETTER_AUTH_SECRET: secret };
      expect(loadConfig(deployed).seedDemo).toBe(false);
      expect(loadConfig({ ...deployed, SEED_DEMO: "true" }).seedDemo).toBe(true);
      expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: "false" }).seedDemo).toBe(false);
    });

    it("warns at start-up when a deployment has no SMTP_URL", () => {
      const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: external, BETTER_AUTH_SECRET: secret });
      expect(config.warnings).toEqual([expect.stringMatching(/^SMTP_URL is not set/)]);
      const withMail = loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: external,
        BETTER_AUTH_SECRET: secret,
        SMTP_URL: "smtp://mail.internal:587",
      });
      expect(withMail.warnings).toEqual([]);
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
