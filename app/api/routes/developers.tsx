import type { ReactNode } from "react";
import { useEffect } from "react";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import type { RouteHandle } from "~/platform/http/route-handle";
import { PROBLEM_KINDS, PROBLEMS } from "../endpoints/problems";
import { quickStartExamples } from "../endpoints/quick-start";
import { API_CACHING_TEXT, API_LIMITS_TEXT } from "../endpoints/usage-rules.server";
import { API_SCOPE_LABELS, API_SCOPES } from "../keys/api-keys";
import { ATTRIBUTION_RULE } from "../keys/attribution";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "../webhooks/webhooks";
import type { Route } from "./+types/developers";

export const meta = () =>
  pageMeta("Verdeo API for developers", "Search and license Verdeo clips from your own app.");

export const handle: RouteHandle = { cache: "public-page" };

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  return {
    base: `${origin}/api/v1`,
    anonymousLimit: RATE_LIMIT_POLICIES.api_anonymous.perIp.limit,
    keyLimit: RATE_LIMIT_POLICIES.api_key.perKey.limit,
    limitsText: API_LIMITS_TEXT,
    cachingText: API_CACHING_TEXT,
  };
}

/** The page's sections, in order: the table of contents links to each heading. */
const SECTIONS = [
  { id: "quick-start", title: "Quick start" },
  { id: "limits", title: "Limits and caching" },
  { id: "attribution", title: "Attribution" },
  { id: "webhooks", title: "Webhooks" },
  { id: "errors", title: "Errors" },
  { id: "reference", title: "Reference" },
] as const;

// Wrapped rather than scrolled: a block that scrolls would need a keyboard focus of its own.
const code =
  "whitespace-pre-wrap [overflow-wrap:anywhere] rounded-2xl bg-zinc-900 p-4 text-sm leading-relaxed text-zinc-100 dark:bg-black";

export default function Developers({ loaderData }: Route.ComponentProps) {
  const { base, anonymousLimit, keyLimit } = loaderData;
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
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">Verdeo API</h1>
        <p className="text-lg text-zinc-700 dark:text-zinc-300">
          Search Verdeo's stock footage, show clips and collections, and license clips with your plan, from
          your own editor, CMS or site builder. JSON over HTTPS at <code className="font-mono">{base}</code>.
        </p>
      </header>

      <nav aria-labelledby="on-this-page" className="max-w-3xl">
        <h2 id="on-this-page" className="text-sm font-semibold text-zinc-600 dark:text-zinc-400">
          On this page
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-block rounded-full border border-zinc-300 px-3 py-1 text-sm font-semibold hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <DocSection id="quick-start">
        <ol className="list-decimal space-y-2 pl-5 text-zinc-700 dark:text-zinc-300">
          <li>
            Create a key on <KeysPageLink /> and keep it on your server. Scopes:{" "}
            {API_SCOPES.map((scope) => API_SCOPE_LABELS[scope]).join("; ")}.
          </li>
          <li>
            Send it as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>. Public reads also
            work without a key, at {anonymousLimit} requests a minute; a key gets {keyLimit}.
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
        <h3 className="font-semibold">License a clip (spends one download of your plan)</h3>
        <p className="text-zinc-700 dark:text-zinc-300">
          Sent without a <code className="font-mono">variant</code>, this licenses the largest file the clip
          offers. To choose one, send a <code className="font-mono">variant</code> from the clip's{" "}
          <code className="font-mono">files</code> (<code className="font-mono">GET /clips/{"{id}"}</code>):
          not every clip has every size.
        </p>
        <pre className={code}>
          <code>{license}</code>
        </pre>
        <h3 className="font-semibold">Fetch its certificate (PDF) with the same key</h3>
        <pre className={code}>
          <code>{certificate}</code>
        </pre>
      </DocSection>

      <DocSection id="limits">
        <p className="text-zinc-700 dark:text-zinc-300">{withCode(loaderData.limitsText)}</p>
        <p className="text-zinc-700 dark:text-zinc-300">{withCode(loaderData.cachingText)}</p>
      </DocSection>

      <DocSection id="attribution">
        <p className="text-zinc-700 dark:text-zinc-300">{ATTRIBUTION_RULE}</p>
      </DocSection>

      <DocSection id="webhooks">
        <p className="text-zinc-700 dark:text-zinc-300">
          Add an https endpoint on <KeysPageLink /> to receive these events as JSON POSTs (follow a creator
          from their profile page to hear of their new clips):
        </p>
        <ul className="list-disc space-y-1 pl-5 text-zinc-700 dark:text-zinc-300">
          {WEBHOOK_EVENTS.map((event) => (
            <li key={event} className="font-mono text-sm">
              {WEBHOOK_EVENT_LABELS[event]}
            </li>
          ))}
        </ul>
        <p className="text-zinc-700 dark:text-zinc-300">
          Each is signed the Standard Webhooks way: check that{" "}
          <code className="font-mono">Webhook-Signature</code> is <code className="font-mono">v1,</code>{" "}
          followed by the base64 HMAC-SHA256, keyed with your endpoint's secret (the part after{" "}
          <code className="font-mono">whsec_</code>, base64-decoded), of{" "}
          <code className="font-mono">{"{Webhook-Id}.{Webhook-Timestamp}.{body}"}</code>, and refuse old
          timestamps. Answer 2xx within 10 seconds; other answers are retried for about two hours.
        </p>
        <pre className={code}>
          <code>{verify}</code>
        </pre>
      </DocSection>

      <DocSection id="errors">
        <p className="text-zinc-700 dark:text-zinc-300">
          Every error is an RFC 9457 problem document (
          <code className="font-mono">application/problem+json</code>) whose{" "}
          <code className="font-mono">type</code> is one of these addresses and never changes; its{" "}
          <code className="font-mono">request_id</code> is the answer's{" "}
          <code className="font-mono">X-Request-Id</code>.
        </p>
        <dl className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {PROBLEM_KINDS.map((kind) => (
            <div key={kind} id={`problem-${kind}`} className="flex flex-wrap gap-x-4 px-4 py-3">
              <dt className="w-52 font-mono text-sm font-semibold">
                {PROBLEMS[kind].status} {kind}
              </dt>
              <dd className="text-sm text-zinc-700 dark:text-zinc-300">{PROBLEMS[kind].title}</dd>
            </div>
          ))}
        </dl>
      </DocSection>

      <DocSection id="reference" wide>
        <p className="text-zinc-700 dark:text-zinc-300">
          Every endpoint with its parameters, answers and examples, from the{" "}
          <a
            href="/api/v1/openapi.json"
            className="font-semibold text-brand-700 underline dark:text-brand-400"
          >
            OpenAPI 3.1 document
          </a>
          .
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
  const title = SECTIONS.find((section) => section.id === id)?.title;
  return (
    <section aria-labelledby={id} className={wide ? "space-y-3" : "max-w-3xl space-y-3"}>
      <h2 id={id} className="text-2xl font-bold">
        {title}
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

function KeysPageLink() {
  return (
    <Link to="/profile/api" className="font-semibold text-brand-700 underline dark:text-brand-400">
      your API keys page
    </Link>
  );
}
