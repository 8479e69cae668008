import type { ReactNode } from "react";
import { useEffect } from "react";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import type { RouteHandle } from "~/platform/http/route-handle";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n, useT } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { EVENT_KEYS, PROBLEM_KEYS, SCOPE_KEYS } from "../api-labels";
import { PROBLEM_KINDS, PROBLEMS } from "../endpoints/problems";
import { quickStartExamples } from "../endpoints/quick-start";
import { API_SCOPES } from "../keys/api-keys";
import { attributionOf } from "../keys/attribution";
import { WEBHOOK_EVENTS } from "../webhooks/webhooks";
import type { Route } from "./+types/developers";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("api.developers.metaTitle"), t("api.developers.metaDescription"));
};

export const handle: RouteHandle = { cache: "public-page" };

/**
 * The limits and caching rules are the OpenAPI document's (usage-rules.server.ts), said here in the
 * page's language; in English they are that text word for word (a test holds them to it).
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const locale = pageLocaleOf(params);
  const messages = messagesFor(locale, ["api"]);
  const { t } = makeI18n(locale, messages);
  const { api_anonymous, api_key, api_key_create } = RATE_LIMIT_POLICIES;
  return {
    base: `${origin}/api/v1`,
    anonymousLimit: api_anonymous.perIp.limit,
    keyLimit: api_key.perKey.limit,
    limitsText: t("api.developers.limits", {
      anonymous: api_anonymous.perIp.limit,
      perUser: api_key.perUser.limit,
      perKey: api_key.perKey.limit,
      perIp: api_key.perIp.limit,
      createPerDay: api_key_create.perUser.limit,
    }),
    cachingText: t("api.developers.caching"),
    messages,
  };
}

/** The page's sections, in order: the table of contents links to each heading. */
const SECTIONS = [
  { id: "quick-start", titleKey: "api.developers.section.quickStart" },
  { id: "limits", titleKey: "api.developers.section.limits" },
  { id: "attribution", titleKey: "api.developers.section.attribution" },
  { id: "webhooks", titleKey: "api.developers.section.webhooks" },
  { id: "errors", titleKey: "api.developers.section.errors" },
  { id: "reference", titleKey: "api.developers.section.reference" },
] as const;

/** The line every clip carries as `attribution`, with its placeholder (it stays English, as the API gives it). */
const ATTRIBUTION_LINE = attributionOf({ creatorName: "{creator}" });

/**
 * Code inside a message (`<code>…</code>`): each occurrence its own element, keyed in the order the
 * message writes them.
 */
function codeTags() {
  let count = 0;
  return (chunks: ReactNode[]) => (
    <code key={`code-${count++}`} className="font-mono">
      {chunks}
    </code>
  );
}

// Wrapped rather than scrolled: a block that scrolls would need a keyboard focus of its own.
const code =
  "whitespace-pre-wrap [overflow-wrap:anywhere] rounded-2xl bg-zinc-900 p-4 text-sm leading-relaxed text-zinc-100 dark:bg-black";

export default function Developers({ loaderData }: Route.ComponentProps) {
  const { base, anonymousLimit, keyLimit } = loaderData;
  const { t, rich } = useI18n();
  // The interactive reference is drawn in the browser from the OpenAPI document.
  useEffect(() => {
    const script = document.createElement("script");
    script.src = "/developers/reference.js";
    script.async = true;
    document.body.append(script);
    return () => script.remove();
  }, []);
  const { curl, js, license, certificate } = quickStartExamples(base);
  const verify = `import { createHmac, timingSafeEqual } from "node:crypto";

function isFromVerdeo(headers, body, secret) {
  const key = Buffer.from(secret.replace("whsec_", ""), "base64");
  const signed = \`\${headers["webhook-id"]}.\${headers["webhook-timestamp"]}.\${body}\`;
  const expected = Buffer.from(\`v1,\${createHmac("sha256", key).update(signed).digest("base64")}\`);
  const given = Buffer.from(headers["webhook-signature"] ?? "");
  const fresh = Math.abs(Date.now() / 1000 - Number(headers["webhook-timestamp"])) < 300;
  return fresh && given.length === expected.length && timingSafeEqual(given, expected);
}`;
  return (
    <main className="mx-auto max-w-[1400px] space-y-10 px-4 py-10 sm:px-6">
      <header className="max-w-3xl space-y-3">
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{t("api.developers.heading")}</h1>
        <p className="text-lg text-zinc-700 dark:text-zinc-300">
          {rich("api.developers.intro", { base, code: codeTags() })}
        </p>
      </header>

      <nav aria-labelledby="on-this-page" className="max-w-3xl">
        <h2 id="on-this-page" className="text-sm font-semibold text-zinc-600 dark:text-zinc-400">
          {t("api.developers.onThisPage")}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-block rounded-full border border-zinc-300 px-3 py-1 text-sm font-semibold hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                {t(section.titleKey)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <DocSection id="quick-start">
        <ol className="list-decimal space-y-2 pl-5 text-zinc-700 dark:text-zinc-300">
          <li>
            {rich("api.developers.quickStart.createKey", {
              link: keysPageLink,
              scopes: API_SCOPES.map((scope) => t(SCOPE_KEYS[scope])).join("; "),
            })}
          </li>
          <li>
            {rich("api.developers.quickStart.sendKey", {
              header: "Authorization: Bearer <key>",
              anonymousLimit,
              keyLimit,
              code: codeTags(),
            })}
          </li>
        </ol>
        <h3 className="font-semibold">curl</h3>
        <pre className={code}>
          <code>{curl}</code>
        </pre>
        <h3 className="font-semibold">JavaScript</h3>
        <pre className={code}>
          <code>{js}</code>
        </pre>
        <h3 className="font-semibold">{t("api.developers.quickStart.licenseHeading")}</h3>
        <p className="text-zinc-700 dark:text-zinc-300">
          {rich("api.developers.quickStart.variant", { endpoint: "GET /clips/{id}", code: codeTags() })}
        </p>
        <pre className={code}>
          <code>{license}</code>
        </pre>
        <h3 className="font-semibold">{t("api.developers.quickStart.certificateHeading")}</h3>
        <pre className={code}>
          <code>{certificate}</code>
        </pre>
      </DocSection>

      <DocSection id="limits">
        <p className="text-zinc-700 dark:text-zinc-300">{withCode(loaderData.limitsText)}</p>
        <p className="text-zinc-700 dark:text-zinc-300">{withCode(loaderData.cachingText)}</p>
      </DocSection>

      <DocSection id="attribution">
        <p className="text-zinc-700 dark:text-zinc-300">
          {t("api.developers.attribution", { line: ATTRIBUTION_LINE })}
        </p>
      </DocSection>

      <DocSection id="webhooks">
        <p className="text-zinc-700 dark:text-zinc-300">
          {rich("api.developers.webhooks.intro", { link: keysPageLink })}
        </p>
        <ul className="list-disc space-y-1 pl-5 text-zinc-700 dark:text-zinc-300">
          {WEBHOOK_EVENTS.map((event) => (
            <li key={event} className="font-mono text-sm">
              {t(EVENT_KEYS[event], { event })}
            </li>
          ))}
        </ul>
        <p className="text-zinc-700 dark:text-zinc-300">
          {rich("api.developers.webhooks.signing", {
            signed: "{Webhook-Id}.{Webhook-Timestamp}.{body}",
            // A value, not text of the message: the profile page receives these messages too, and its
            // loader data is held to carrying no signing secret (nothing that looks like one either).
            secretPrefix: "whsec_",
            code: codeTags(),
          })}
        </p>
        <pre className={code}>
          <code>{verify}</code>
        </pre>
      </DocSection>

      <DocSection id="errors">
        <p className="text-zinc-700 dark:text-zinc-300">
          {rich("api.developers.errors.intro", { code: codeTags() })}
        </p>
        <dl className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {PROBLEM_KINDS.map((kind) => (
            <div key={kind} id={`problem-${kind}`} className="flex flex-wrap gap-x-4 px-4 py-3">
              <dt className="w-52 font-mono text-sm font-semibold">
                {PROBLEMS[kind].status} {kind}
              </dt>
              <dd className="text-sm text-zinc-700 dark:text-zinc-300">{t(PROBLEM_KEYS[kind])}</dd>
            </div>
          ))}
        </dl>
      </DocSection>

      <DocSection id="reference" wide>
        <p className="text-zinc-700 dark:text-zinc-300">
          {rich("api.developers.reference.intro", {
            link: (chunks) => (
              <a
                key="openapi"
                href="/api/v1/openapi.json"
                className="font-semibold text-brand-700 underline dark:text-brand-400"
              >
                {chunks}
              </a>
            ),
          })}
        </p>
        <div
          data-testid="api-reference"
          className="min-h-96 overflow-hidden rounded-2xl border border-zinc-200 dark:border-zinc-800"
        >
          {/* Scalar draws the reference here, from the OpenAPI document. */}
          <div id="developer-reference" />
        </div>
      </DocSection>
    </main>
  );
}

/** One section of the page: its heading is its anchor (`/developers#webhooks`). */
function DocSection({
  id,
  wide = false,
  children,
}: {
  id: (typeof SECTIONS)[number]["id"];
  wide?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const titleKey = SECTIONS.find((section) => section.id === id)?.titleKey;
  return (
    <section aria-labelledby={id} className={wide ? "space-y-3" : "max-w-3xl space-y-3"}>
      <h2 id={id} className="text-2xl font-bold">
        {titleKey ? t(titleKey) : null}
      </h2>
      {children}
    </section>
  );
}

/** A text whose `backticked` parts are code, as the OpenAPI document's Markdown writes them. */
function withCode(text: string) {
  return text.split("`").map((part, index) =>
    index % 2 ? (
      <code key={index} className="font-mono">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

/** The link to the keys page, around a message's `<link>…</link>`. */
function keysPageLink(chunks: ReactNode[]) {
  return (
    <Link
      key="keys-page"
      to="/profile/api"
      className="font-semibold text-brand-700 underline dark:text-brand-400"
    >
      {chunks}
    </Link>
  );
}
