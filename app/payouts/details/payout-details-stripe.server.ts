import type Stripe from "stripe";
import { stripe } from "~/payments/stripe-client.server";
import {
  type StripeEventHandler,
  type StripeEventOutcome,
  StripeEventTooEarly,
} from "~/payments/stripe-gateway.server";
import { recordAudit } from "~/platform/audit.server";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { db, type Transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { fail, ok, type Result } from "~/platform/result";
import type { ConnectStatus } from "../runs/payouts";
import {
  findPayoutAccount,
  findSellerDetails,
  listStripeAccounts,
  lockPayoutAccountByStripeId,
  saveStripeAccount,
  setStripeStatus,
} from "./payout-details.queries.server";

/*
 * Stripe Connect Express for payouts: the creator's account is made once, onboarding happens on
 * Stripe's pages through an account link, and Stripe's `account.updated` (on the Connect endpoint)
 * keeps the status here; it is also fetched from Stripe when the creator comes back from
 * onboarding and once a day, so a lost event strands no one.
 */

/**
 * Connect needs what card payment needs: the secret key and the webhook. The status arrives on the
 * Connect endpoint (STRIPE_CONNECT_WEBHOOK_SECRET) and is fetched on return and daily besides.
 */
export const stripePayoutsEnabled = () => cardPaymentEnabled();

export const PAYOUTS_PATH = "/studio/payouts";

/** Marks the page's address as Stripe's return_url: the loader fetches the account's status then. */
export const ONBOARDING_RETURN_PARAM = "onboarded";

/** One Express account per creator, however often the button is pressed (Stripe keeps keys 24 h). */
export const connectAccountIdempotencyKey = (creatorId: string) => `connect-account-${creatorId}`;

export type OnboardingResult = Result<{ url: string }, "stripe_unavailable" | "stripe_failed">;

/**
 * Makes the creator's Express account if they have none (in the country of their seller address
 * when they gave it, so Stripe does not ask again), makes Stripe their payout method, and answers
 * where to send them: onboarding while Stripe still needs details, the Express dashboard once the
 * account is paid out to (where a creator changes their bank account or address).
 */
export async function startStripeOnboarding(creator: {
  id: string;
  email: string;
}): Promise<OnboardingResult> {
  if (!stripePayoutsEnabled()) return fail("stripe_unavailable");
  try {
    const existing = await findPayoutAccount(creator.id);
    let accountId = existing?.stripeAccountId ?? null;
    if (!accountId) {
      const seller = await findSellerDetails(creator.id);
      const account = await stripe().accounts.create(
        {
          type: "express",
          email: creator.email,
          ...(seller?.country ? { country: seller.country } : {}),
          capabilities: { transfers: { requested: true } },
          metadata: { creatorId: creator.id },
        },
        { idempotencyKey: connectAccountIdempotencyKey(creator.id) },
      );
      accountId = account.id;
    }
    if (existing?.method !== "stripe" || existing.stripeAccountId !== accountId) {
      await db().transaction(async (tx) => {
        const after = await saveStripeAccount(tx, creator.id, accountId);
        await recordAudit(tx, {
          actorId: creator.id,
          action: "payout_account.choose_stripe",
          targetType: "payout_account",
          targetId: creator.id,
          before: existing ? { method: existing.method, stripeAccountId: existing.stripeAccountId } : null,
          after: { method: after.method, stripeAccountId: after.stripeAccountId },
        });
      });
    }
    const enabled = existing?.stripeAccountId === accountId && existing.stripeStatus === "enabled";
    // Back to a Stripe account that can already be paid: nothing to do on Stripe's pages.
    if (enabled && existing.method === "bank") return ok({ url: PAYOUTS_PATH });
    if (enabled) return ok({ url: (await stripe().accounts.createLoginLink(accountId)).url });
    return ok({ url: await onboardingLink(accountId) });
  } catch (error) {
    logger.error({ err: error, creatorId: creator.id }, "Stripe Connect onboarding could not start");
    return fail("stripe_failed");
  }
}

/** A fresh link for a creator back from an expired one (Stripe's refresh_url), or null. */
export async function refreshOnboardingLink(creatorId: string): Promise<OnboardingResult | null> {
  if (!stripePayoutsEnabled()) return null;
  const account = await findPayoutAccount(creatorId);
  if (account?.method !== "stripe" || !account.stripeAccountId) return null;
  try {
    return ok({ url: await onboardingLink(account.stripeAccountId) });
  } catch (error) {
    logger.error({ err: error, creatorId }, "Stripe Connect onboarding link could not be refreshed");
    return fail("stripe_failed");
  }
}

async function onboardingLink(accountId: string) {
  const { PUBLIC_URL } = config();
  const link = await stripe().accountLinks.create({
    account: accountId,
    type: "account_onboarding",
    refresh_url: `${PUBLIC_URL}${PAYOUTS_PATH}?refresh=1`,
    return_url: `${PUBLIC_URL}${PAYOUTS_PATH}?${ONBOARDING_RETURN_PARAM}=1`,
  });
  return link.url;
}

/**
 * What an account's state means for payouts: Stripe can pay it (transfers active, payouts on),
 * it stopped paying until it hears more (restricted), or onboarding is not finished.
 */
export function connectStatusOf(account: Stripe.Account): ConnectStatus {
  if (account.payouts_enabled && account.capabilities?.transfers === "active") return "enabled";
  if (!account.details_submitted) return "details_needed";
  return "restricted";
}

/**
 * `account.updated`: the status of the creator's account, unless a newer event already set it
 * (Stripe does not deliver in order). Registered with the payments gateway's Connect endpoint in
 * app/jobs.server.ts, which claims the event id in the same transaction.
 */
export async function connectAccountUpdated(
  tx: Transaction,
  event: Stripe.Event,
): Promise<StripeEventOutcome> {
  const account = event.data.object as Stripe.Account;
  const applied = await applyConnectStatus(tx, account, new Date(event.created * 1000), {
    stripeEventId: event.id,
  });
  if (applied === "unknown") {
    // Made by us (it names a creator) before its id was saved: Stripe delivers the event again.
    if (account.metadata?.creatorId)
      throw new StripeEventTooEarly(`Connect account ${account.id} not saved yet`);
    return "ignored";
  }
  return applied === "older" ? "ignored" : "applied";
}

/**
 * Sets the status Stripe reports for an account as of `at`, with its audit entry when it changed;
 * a report older than the one applied last changes nothing (events and fetches race).
 */
async function applyConnectStatus(
  tx: Transaction,
  account: Stripe.Account,
  at: Date,
  source: { stripeEventId: string } | { fetched: true },
): Promise<"unknown" | "older" | "same" | "changed"> {
  const before = await lockPayoutAccountByStripeId(tx, account.id);
  if (!before) return "unknown";
  if (before.stripeStatusAt && at < before.stripeStatusAt) return "older";
  const status = connectStatusOf(account);
  await setStripeStatus(tx, before.creatorId, status, at);
  if (status === before.stripeStatus) return "same";
  await recordAudit(tx, {
    actorId: "system:stripe",
    action: "payout_account.stripe_status",
    targetType: "payout_account",
    targetId: before.creatorId,
    before: { stripeStatus: before.stripeStatus },
    after: { stripeStatus: status, ...source },
  });
  return "changed";
}

export type ConnectStatusFetch = Result<
  { status: ConnectStatus; changed: boolean },
  "no_account" | "stripe_failed"
>;

/**
 * Asks Stripe for the account's state and keeps its status, as `account.updated` would: when the
 * creator comes back from onboarding, and daily for every account (fetchAllConnectStatusesJob), so
 * a lost or refused event cannot leave a creator waiting (decision 0021).
 */
export async function fetchConnectStatus(creatorId: string): Promise<ConnectStatusFetch> {
  if (!stripePayoutsEnabled()) return fail("no_account");
  const saved = await findPayoutAccount(creatorId);
  if (!saved?.stripeAccountId) return fail("no_account");
  let account: Stripe.Account;
  try {
    account = await stripe().accounts.retrieve(saved.stripeAccountId);
  } catch (error) {
    logger.warn({ err: error, creatorId }, "Stripe Connect account could not be fetched");
    return fail("stripe_failed");
  }
  const fetchedAt = new Date();
  const applied = await db().transaction((tx) =>
    applyConnectStatus(tx, account, fetchedAt, { fetched: true }),
  );
  if (applied === "unknown") return fail("no_account");
  return ok({ status: connectStatusOf(account), changed: applied === "changed" });
}

/** The daily fetch: every creator's Connect account, one at a time; one failing does not stop the rest. */
export async function fetchAllConnectStatuses() {
  const counts = { fetched: 0, changed: 0, failed: 0 };
  if (!stripePayoutsEnabled()) return counts;
  for (const { creatorId } of await listStripeAccounts()) {
    const result = await fetchConnectStatus(creatorId);
    if (!result.ok) counts.failed += result.reason === "stripe_failed" ? 1 : 0;
    else {
      counts.fetched += 1;
      if (result.value.changed) counts.changed += 1;
    }
  }
  return counts;
}

/** Payouts' part of the gateway's table: the events of creators' Connect accounts (/webhooks/stripe/connect). */
export const PAYOUTS_STRIPE_HANDLERS: Readonly<Record<string, StripeEventHandler>> = {
  "account.updated": connectAccountUpdated,
};
