import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "~/platform/config.server";

/**
 * compose.yaml's promises, checked without a container runtime (none can pull images here): the
 * structure (replicas behind the proxy, the one-shot steps), health checks on the ports the app
 * really listens on (its own configuration read with the environment compose gives it), pinned
 * images, and presigned downloads addressed to where a browser reaches the S3 server.
 */

interface Service {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  deploy?: { replicas?: number };
  scale?: number;
  restart?: string;
  healthcheck?: { test: string | string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const haproxy = readFileSync("deploy/haproxy.cfg", "utf8");
const dockerfile = readFileSync("Dockerfile", "utf8");

/** `${NAME:-default}` and `${NAME}` as compose resolves them with nothing set: the demo stack. */
const interpolate = (value: string) =>
  value.replace(/\$\{([A-Z0-9_]+)(?::-([^}]*))?\}/g, (_match, _name, fallback) => fallback ?? "");

/** The image's own ENV lines (PORT, HOST, …), which a service's environment overrides. */
const imageEnv = Object.fromEntries(
  [...(dockerfile.match(/^ENV ([\s\S]*?)(?:\n(?!\s)|$)/m)?.[1] ?? "").matchAll(/([A-Z_]+)=(\S+)/g)].map(
    (match) => [match[1]!, match[2]!],
  ),
);

/** The app's configuration as a process of this service loads it (DATA_DIR made writable here). */
function configOf(name: string) {
  const environment = Object.fromEntries(
    Object.entries(services[name]!.environment ?? {}).map(([key, value]) => [
      key,
      interpolate(String(value)),
    ]),
  );
  return loadConfig({
    ...imageEnv,
    ...environment,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "verdeo-compose-")),
  });
}

const healthcheckOf = (name: string) => {
  const test = services[name]!.healthcheck?.test;
  return Array.isArray(test) ? test.join(" ") : (test ?? "");
};

/** `host:container` (or `ip:host:container`) port mappings, interpolated. */
const publishedPorts = (name: string) =>
  (services[name]!.ports ?? []).map((mapping) => {
    const parts = interpolate(mapping).split(":");
    return { host: Number(parts.at(-2)), container: Number(parts.at(-1)), loopback: parts.length === 3 };
  });

const replicasOf = (name: string) => services[name]!.deploy?.replicas ?? services[name]!.scale ?? 1;
const appServices = Object.keys(services).filter((name) => services[name]!.image === "verdeo:compose");

describe("compose.yaml: web replicas behind a proxy", () => {
  it("runs several web replicas that publish no host port, each ready-checked on the port it listens on", () => {
    expect(replicasOf("web")).toBeGreaterThanOrEqual(2);
    expect(services.web!.ports).toBeUndefined();
    const config = configOf("web");
    expect(config.WORKERS).toBe(false);
    expect(healthcheckOf("web")).toContain(`http://127.0.0.1:${config.PORT}/readyz`);
  });

  it("puts the proxy on the host port, forwarding to every replica by the service's DNS name, checked on /readyz", () => {
    const config = configOf("web");
    const bind = Number(haproxy.match(/^frontend site\n(?:.*\n)*?\s+bind :(\d+)/m)?.[1]);
    const site = publishedPorts("proxy").find((port) => !port.loopback);
    expect(site?.container).toBe(bind);
    expect(site?.host).toBe(new URL(config.PUBLIC_URL).port ? Number(new URL(config.PUBLIC_URL).port) : 80);
    const template = haproxy.match(/^\s+server-template (\S+) (\d+) web:(\d+) check/m);
    expect(Number(template?.[2])).toBeGreaterThanOrEqual(replicasOf("web"));
    expect(Number(template?.[3])).toBe(config.PORT);
    expect(haproxy).toMatch(/^\s+http-check send meth GET uri \/readyz /m);
    expect(haproxy).toMatch(/^\s+default-server .*\bresolvers docker\b/m);
    expect(haproxy).toMatch(/^resolvers docker\n\s+parse-resolv-conf/m);
    expect(services.proxy!.volumes).toContain("./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro");
  });

  it("tells the web processes that one proxy is in front (TRUST_PROXY=1) and gives it time to notice a drain", () => {
    const config = configOf("web");
    expect(config.TRUST_PROXY).toBe(1);
    const inter = Number(haproxy.match(/default-server .*\binter (\d+)s/)?.[1]);
    const fall = Number(haproxy.match(/default-server .*\bfall (\d+)/)?.[1]);
    expect(config.SHUTDOWN_DRAIN_MS).toBeGreaterThan(inter * fall * 1000);
  });
});

describe("compose.yaml: migrations and the seed run once, before the app", () => {
  it("has a one-shot migrate service that migrates then seeds, which web and worker wait to succeed", () => {
    const migrate = services.migrate!;
    expect(migrate.restart).toBe("no");
    const command = Array.isArray(migrate.command) ? migrate.command.join(" ") : (migrate.command ?? "");
    expect(command).toMatch(
      /node build\/server\/cli\.js migrate && node build\/server\/cli\.js seed --if-empty/,
    );
    for (const name of ["web", "worker"]) {
      expect(services[name]!.depends_on?.migrate).toEqual({ condition: "service_completed_successfully" });
      expect(configOf(name).MIGRATE_AT_START).toBe(false);
    }
    expect(migrate.depends_on?.postgres).toEqual({ condition: "service_healthy" });
  });

  it("creates the bucket in a one-shot step before the seed writes media into it", () => {
    expect(services.bucket!.restart).toBe("no");
    expect(services.migrate!.depends_on?.bucket).toEqual({ condition: "service_completed_successfully" });
    expect(services.bucket!.depends_on?.s3).toEqual({ condition: "service_healthy" });
    expect(services.bucket!.command).toEqual(["node", "deploy/create-bucket.mjs"]);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/deploy\/create-bucket\.mjs \.\/deploy\//m);
  });
});

describe("compose.yaml: health checks, images and downloads", () => {
  it("checks the worker on its own port's /healthz and PostgreSQL with pg_isready", () => {
    expect(healthcheckOf("worker")).toContain(`http://127.0.0.1:${configOf("worker").WORKER_PORT}/healthz`);
    expect(healthcheckOf("postgres")).toMatch(/^pg_isready -U verdeo -d verdeo$/);
    expect(healthcheckOf("s3")).toContain(`:7070${services.s3!.environment!.VGW_HEALTH}`);
  });

  it("pins every pulled image to a version (never latest) and builds the app's own", () => {
    for (const [name, service] of Object.entries(services)) {
      const image = service.image ?? "";
      expect(image, name).not.toMatch(/:latest\b/);
      if (appServices.includes(name)) continue;
      // A tag with more than the major version (18.3, v1.8.0, 3.2.12-alpine), a digest if known.
      expect(image, name).toMatch(/^[a-z0-9./-]+:v?\d+\.\d+[0-9A-Za-z.-]*(@sha256:[0-9a-f]{64})?$/);
    }
    expect(appServices.filter((name) => services[name]!.build)).toEqual(["migrate"]);
    expect(appServices.sort()).toEqual(["bucket", "migrate", "web", "worker"]);
  });

  it("presigns downloads for the S3 server's host-published address, and reaches it by its service name", () => {
    const config = configOf("web");
    const internal = new URL(config.S3_ENDPOINT!);
    const external = new URL(config.S3_PUBLIC_ENDPOINT!);
    expect(internal.hostname).toBe("s3");
    expect(external.hostname).toBe("localhost");
    const s3Port = publishedPorts("s3")[0]!;
    expect(s3Port.container).toBe(Number(internal.port));
    expect(s3Port.host).toBe(Number(external.port));
    expect(services.s3!.environment!.VGW_PORT).toBe(`:${internal.port}`);
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
  });
});
