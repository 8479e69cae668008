import { Form } from "react-router";
import { buttonClass } from "~/components/button";
import { useT } from "~/platform/i18n/i18n";
import { EVENT_KEYS } from "../api-labels";
import { WEBHOOK_EVENTS, WEBHOOK_TIMEOUT_ERROR, WEBHOOK_URL_MAX } from "../webhooks/webhooks";
import { CheckboxGroup, FormError, SecretField, TextField } from "./form-fields";

export interface WebhooksPanelProps {
  webhooks: { id: string; url: string; events: string[]; createdAt: string }[];
  deliveries: {
    id: string;
    event: string;
    status: string;
    attempts: number;
    lastStatusCode: number | null;
    lastError: string | null;
    createdAt: string;
    url: string;
  }[];
  /** The secret of the endpoint just added: shown this once. */
  newSecret: string | null;
  errors: { url?: string; events?: string; form?: string | null };
  values: Record<string, string>;
  formatTime: (value: string) => string;
}

const STATUS_KEYS: Record<string, string> = {
  pending: "api.webhooks.status.pending",
  delivered: "api.webhooks.status.delivered",
  failed: "api.webhooks.status.failed",
};

/** The profile's webhooks: endpoints that receive signed events, and the log of deliveries. */
export function WebhooksPanel({
  webhooks,
  deliveries,
  newSecret,
  errors,
  values,
  formatTime,
}: WebhooksPanelProps) {
  const t = useT();
  // A status the page does not know yet shows as the delivery log writes it.
  const statusLabel = (status: string) => {
    const key = STATUS_KEYS[status];
    return key ? t(key) : status;
  };
  // The log's errors are the endpoint's status (`HTTP 500`) or the network's own words, but for a timeout.
  const errorText = (error: string) => (error === WEBHOOK_TIMEOUT_ERROR ? t("api.webhooks.timeout") : error);
  return (
    <section aria-labelledby="webhooks" className="space-y-4">
      <h2 id="webhooks" className="text-lg font-bold">
        {t("api.webhooks.heading")}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("api.webhooks.intro")}</p>
      {newSecret ? (
        <div className="space-y-2 rounded-2xl border border-brand-600 bg-brand-50 p-4 dark:border-brand-500 dark:bg-brand-950">
          <p className="text-sm">{t("api.webhooks.added")}</p>
          <SecretField
            label={t("api.webhooks.secretLabel")}
            copyLabel={t("api.webhooks.secretCopy")}
            value={newSecret}
            testId="webhook-secret"
          />
        </div>
      ) : null}
      <Form method="post" className="space-y-3 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
        <input type="hidden" name="intent" value="add-webhook" />
        <TextField
          label={t("api.webhooks.url")}
          name="url"
          type="url"
          required
          maxLength={WEBHOOK_URL_MAX}
          placeholder="https://example.com/verdeo-events"
          defaultValue={values.url}
          error={errors.url}
        />
        <CheckboxGroup
          legend={t("api.webhooks.events")}
          name="events"
          options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: t(EVENT_KEYS[event], { event }) }))}
          checked={() => true}
          error={errors.events}
          mono
        />
        <FormError message={errors.form} />
        <button type="submit" className={buttonClass("primary")}>
          {t("api.webhooks.add")}
        </button>
      </Form>
      {webhooks.length ? (
        <ul className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {webhooks.map((hook) => (
            <li
              key={hook.id}
              data-testid="webhook"
              className="flex flex-wrap items-center justify-between gap-3 px-5 py-4"
            >
              <div className="min-w-0 space-y-1">
                <p className="break-all font-mono text-sm font-semibold">{hook.url}</p>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{hook.events.join(", ")}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-webhook" />
                <input type="hidden" name="webhookId" value={hook.id} />
                <button
                  type="submit"
                  className={buttonClass("secondary")}
                  aria-label={t("api.webhooks.removeLabel", { url: hook.url })}
                >
                  {t("api.webhooks.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <h3 className="font-semibold">{t("api.webhooks.deliveriesHeading")}</h3>
      {deliveries.length ? (
        <ul className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
          {deliveries.map((delivery) => (
            <li key={delivery.id} data-testid="webhook-delivery" className="space-y-0.5 px-5 py-3">
              <p>
                <span className="font-mono font-semibold">{delivery.event}</span> ·{" "}
                {statusLabel(delivery.status)} · {t("api.webhooks.attempts", { count: delivery.attempts })}
                {delivery.lastStatusCode ? ` · HTTP ${delivery.lastStatusCode}` : ""}
              </p>
              <p className="break-all text-zinc-600 dark:text-zinc-400">
                {formatTime(delivery.createdAt)} → {delivery.url}
                {delivery.lastError && delivery.status !== "delivered"
                  ? ` (${errorText(delivery.lastError)})`
                  : ""}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("api.webhooks.noDeliveries")}</p>
      )}
    </section>
  );
}
