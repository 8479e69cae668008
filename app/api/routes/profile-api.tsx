import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/accounts/routes/require-user.server";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formReply, translatedReply } from "~/platform/http/form-reply";
import { parseFormData, readForm } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { apiI18n, apiText } from "../api-i18n.server";
import { SCOPE_KEYS } from "../api-labels";
import { CheckboxGroup, FormError, SecretField, TextField } from "../components/form-fields";
import {
  PROFILE_API_PATH,
  RevokeKeyConfirmation,
  RevokeKeyLink,
  revokeStepPath,
} from "../components/revoke-key";
import { WebhooksPanel } from "../components/webhooks-panel";
import { API_KEY_MESSAGES, API_KEY_NAME_MAX, API_SCOPES, CreateApiKeySchema } from "../keys/api-keys";
import { createApiKey, listApiKeys, revokeApiKey } from "../keys/api-keys.server";
import { AddWebhookSchema, WEBHOOK_MESSAGES } from "../webhooks/webhooks";
import { addWebhook, listWebhookDeliveries, listWebhooks, removeWebhook } from "../webhooks/webhooks.server";
import type { Route } from "./+types/profile-api";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return [
    ...pageMeta(t("api.keys.metaTitle"), t("api.keys.metaDescription")),
    { name: "robots", content: "noindex" },
  ];
};

/** /profile/api: the signed-in person's API keys (listed by prefix only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [keys, webhooks, deliveries] = await Promise.all([
    listApiKeys(user.id),
    listWebhooks(user.id),
    listWebhookDeliveries(user.id),
  ]);
  // The key whose revoking waits for confirmation (`?revoke=<id>`): only an active key of this user.
  const revoking = new URL(request.url).searchParams.get("revoke");
  const confirming = keys.find((key) => key.id === revoking && !key.revokedAt)?.id ?? null;
  return {
    messages: messagesFor(pageLocaleOf(params), ["api"]),
    confirming,
    webhooks: webhooks.map((hook) => ({ ...hook, createdAt: hook.createdAt.toISOString() })),
    deliveries: deliveries.map((delivery) => ({ ...delivery, createdAt: delivery.createdAt.toISOString() })),
    keys: keys.map((key) => ({
      ...key,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
    })),
  };
}

// A key id as keys are made (a uuid): anything else never reaches a URL or a header.
const RevokeSchema = z.object({ intent: z.literal("revoke"), keyId: z.string().regex(/^[0-9a-f-]{36}$/) });

/**
 * The services say their refusals in English (api-keys.ts, webhooks.ts): each is answered in the
 * page's language, and the page's redirects stay in it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const i18n = apiI18n(params);
  const say = (message: string) => apiText(i18n, message);
  const form = await readForm(request);
  if (form.get("intent") === "revoke") {
    const parsed = parseFormData(form, RevokeSchema);
    // A revoke not confirmed (a stale form, a crafted post) goes to the confirmation instead.
    if (parsed.ok && form.get("confirmed") !== "yes")
      throw redirect(i18n.path(revokeStepPath(parsed.data.keyId)));
    const revoked = parsed.ok ? await revokeApiKey({ userId: user.id, keyId: parsed.data.keyId }) : null;
    if (!revoked?.ok)
      return data({ ...formReply(say(API_KEY_MESSAGES.notFound)), form: "key" as const }, { status: 404 });
    throw await redirectWithToast(i18n.path(PROFILE_API_PATH), {
      message: say(API_KEY_MESSAGES.revoked),
      type: "success",
    });
  }
  if (form.get("intent") === "remove-webhook") {
    const removed = await removeWebhook(user.id, String(form.get("webhookId") ?? ""));
    if (!removed.ok)
      return data(
        { ...formReply(say(WEBHOOK_MESSAGES.notFound)), form: "webhook" as const },
        { status: 404 },
      );
    throw await redirectWithToast(i18n.path(PROFILE_API_PATH), {
      message: say(WEBHOOK_MESSAGES.removed),
      type: "success",
    });
  }
  if (form.get("intent") === "add-webhook") {
    const parsed = parseFormData(form, AddWebhookSchema);
    if (!parsed.ok)
      return data(
        { ...translatedReply(parsed.reply, (message) => apiText(i18n, message)), form: "webhook" as const },
        { status: 400 },
      );
    const added = await addWebhook({ userId: user.id, ...parsed.data });
    if (!added.ok) {
      const message = added.reason === "too_many" ? WEBHOOK_MESSAGES.tooMany : WEBHOOK_MESSAGES.urlInvalid;
      const reply = formReply(say(message), { values: parsed.values });
      return data({ ...reply, form: "webhook" as const }, { status: 400 });
    }
    return { ok: true as const, form: "webhook" as const, secret: added.value.secret, name: "" };
  }
  const parsed = parseFormData(form, CreateApiKeySchema);
  if (!parsed.ok)
    return data(
      { ...translatedReply(parsed.reply, (message) => apiText(i18n, message)), form: "key" as const },
      { status: 400 },
    );
  const created = await createApiKey({ userId: user.id, ...parsed.data });
  if (!created.ok) {
    const message = created.reason === "too_many" ? API_KEY_MESSAGES.tooMany : API_KEY_MESSAGES.tooManyToday;
    const reply = formReply(say(message), { values: parsed.values });
    return data({ ...reply, form: "key" as const }, { status: created.reason === "too_many" ? 400 : 429 });
  }
  return {
    ok: true as const,
    form: "key" as const,
    secret: created.value.secret,
    name: created.value.key.name,
  };
}

const dateTime = (value: string, tag: string) =>
  `${new Intl.DateTimeFormat(tag === "en" ? "en-GB" : tag, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(value))} UTC`;

export default function ProfileApi({ loaderData, actionData }: Route.ComponentProps) {
  const { t, rich, tag } = useI18n();
  const refused = actionData && !actionData.ok && actionData.form === "key" ? actionData : null;
  const created = actionData?.ok && actionData.form === "key" ? actionData : null;
  const hookRefused = actionData && !actionData.ok && actionData.form === "webhook" ? actionData : null;
  const hookSecret = actionData?.ok && actionData.form === "webhook" ? actionData.secret : null;
  const nameError = refused?.fieldErrors.name;
  const scopeError = refused?.fieldErrors.scopes;
  return (
    <main className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-black tracking-tight">{t("api.keys.heading")}</h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          {rich("api.keys.intro", {
            link: (chunks) => (
              <Link
                key="developers"
                to="/developers"
                className="font-semibold text-brand-700 underline dark:text-brand-400"
              >
                {chunks}
              </Link>
            ),
          })}
        </p>
      </header>

      {created ? (
        <section
          aria-labelledby="new-key"
          className="space-y-2 rounded-2xl border border-brand-600 bg-brand-50 p-5 dark:border-brand-500 dark:bg-brand-950"
        >
          <h2 id="new-key" className="font-bold">
            {t("api.keys.newKeyHeading", { name: created.name })}
          </h2>
          <p className="text-sm">{t("api.keys.created")}</p>
          <SecretField
            label={t("api.keys.newKeyLabel")}
            copyLabel={t("api.keys.newKeyCopy")}
            value={created.secret}
            testId="new-api-key"
          />
        </section>
      ) : null}

      <Form method="post" className="space-y-4 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
        <h2 className="text-lg font-bold">{t("api.keys.createHeading")}</h2>
        <TextField
          label={t("api.keys.name")}
          name="name"
          required
          maxLength={API_KEY_NAME_MAX}
          placeholder={t("api.keys.namePlaceholder")}
          defaultValue={refused?.values.name}
          error={nameError}
        />
        <CheckboxGroup
          legend={t("api.keys.scopes")}
          name="scopes"
          options={API_SCOPES.map((scope) => ({ value: scope, label: t(SCOPE_KEYS[scope]) }))}
          checked={(scope) => scope === "read"}
          error={scopeError}
        />
        <FormError message={refused?.formError} />
        <button type="submit" className={buttonClass("primary")}>
          {t("api.keys.create")}
        </button>
      </Form>

      <section aria-labelledby="your-keys" className="space-y-3">
        <h2 id="your-keys" className="text-lg font-bold">
          {t("api.keys.listHeading")}
        </h2>
        {loaderData.keys.length ? (
          <ul className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {loaderData.keys.map((key) => (
              <li
                key={key.id}
                data-testid="api-key"
                className="flex flex-wrap items-center justify-between gap-3 px-5 py-4"
              >
                <div className="min-w-0 space-y-1">
                  <p className="font-semibold">
                    {key.name}{" "}
                    {key.revokedAt ? (
                      <span className="ml-1 rounded-full bg-zinc-200 px-2 py-0.5 text-xs font-semibold text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
                        {t("api.keys.revokedBadge")}
                      </span>
                    ) : null}
                  </p>
                  <p translate="no" className="font-mono text-sm text-zinc-700 dark:text-zinc-300">
                    {key.prefix}…
                  </p>
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    <code>{key.scopes.join(", ")}</code> ·{" "}
                    {t("api.keys.createdAt", { date: dateTime(key.createdAt, tag) })} ·{" "}
                    {key.lastUsedAt
                      ? t("api.keys.lastUsed", { date: dateTime(key.lastUsedAt, tag) })
                      : t("api.keys.neverUsed")}
                  </p>
                </div>
                {key.revokedAt ? null : loaderData.confirming === key.id ? (
                  <RevokeKeyConfirmation keyId={key.id} name={key.name} />
                ) : (
                  <RevokeKeyLink keyId={key.id} name={key.name} />
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-zinc-600 dark:text-zinc-400">{t("api.keys.empty")}</p>
        )}
      </section>

      <WebhooksPanel
        webhooks={loaderData.webhooks}
        deliveries={loaderData.deliveries}
        newSecret={hookSecret}
        errors={{
          url: hookRefused?.fieldErrors.url,
          events: hookRefused?.fieldErrors.events,
          form: hookRefused?.formError,
        }}
        values={hookRefused?.values ?? {}}
        formatTime={(value) => dateTime(value, tag)}
      />
    </main>
  );
}
