import { Form } from "react-router";
import { buttonClass } from "~/components/button";
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_URL_MAX,
} from "../webhooks/webhooks";
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

const STATUS_LABELS: Record<string, string> = {
  pending: "Retrying",
  delivered: "Delivered",
  failed: "Failed",
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
  return (
    <section aria-labelledby="webhooks" className="space-y-4">
      <h2 id="webhooks" className="text-lg font-bold">
        Webhooks
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Verdeo POSTs each event as JSON to your endpoint, signed with the endpoint's secret (headers
        Webhook-Id, Webhook-Timestamp and Webhook-Signature, as Standard Webhooks describes), and retries for
        about two hours until your endpoint answers 2xx.
      </p>
      {newSecret ? (
        <div className="space-y-2 rounded-2xl border border-brand-600 bg-brand-50 p-4 dark:border-brand-500 dark:bg-brand-950">
          <p className="text-sm">{WEBHOOK_MESSAGES.added}</p>
          <SecretField label="The endpoint's signing secret" value={newSecret} testId="webhook-secret" />
        </div>
      ) : null}
      <Form method="post" className="space-y-3 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
        <input type="hidden" name="intent" value="add-webhook" />
        <TextField
          label="Endpoint URL"
          name="url"
          type="url"
          required
          maxLength={WEBHOOK_URL_MAX}
          placeholder="https://example.com/verdeo-events"
          defaultValue={values.url}
          error={errors.url}
        />
        <CheckboxGroup
          legend="Events"
          name="events"
          options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: WEBHOOK_EVENT_LABELS[event] }))}
          checked={() => true}
          error={errors.events}
          mono
        />
        <FormError message={errors.form} />
        <button type="submit" className={buttonClass("primary")}>
          Add endpoint
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
                <button type="submit" className={buttonClass("secondary")} aria-label={`Remove ${hook.url}`}>
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <h3 className="font-semibold">Recent deliveries</h3>
      {deliveries.length ? (
        <ul className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
          {deliveries.map((delivery) => (
            <li key={delivery.id} data-testid="webhook-delivery" className="space-y-0.5 px-5 py-3">
              <p>
                <span className="font-mono font-semibold">{delivery.event}</span> ·{" "}
                {STATUS_LABELS[delivery.status] ?? delivery.status} · {delivery.attempts}{" "}
                {delivery.attempts === 1 ? "attempt" : "attempts"}
                {delivery.lastStatusCode ? ` · HTTP ${delivery.lastStatusCode}` : ""}
              </p>
              <p className="break-all text-zinc-600 dark:text-zinc-400">
                {formatTime(delivery.createdAt)} → {delivery.url}
                {delivery.lastError && delivery.status !== "delivered" ? ` (${delivery.lastError})` : ""}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No deliveries yet.</p>
      )}
    </section>
  );
}
