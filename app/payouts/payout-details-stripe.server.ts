import type Stripe from "stripe";
import { stripe } from "~/commerce/stripe-client.server";
import { type StripeEventOutcome, StripeEventTooEarly } from "~/commerce/stripe-event-handlers.server";
import { recordAudit } from "~/platform/audit.server";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { db, type Transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { fail, ok, type Result } from "~/platform/result";
import {
  findPayoutAccount,
  findSellerDetails,
  lockPayoutAccountByStripeId,
  saveStripeAccount,
  setStripeStatus,
} from "./payout-details.queries.server";
import type { ConnectStatus } from "./payouts";

/*
 * Stripe Connect Express for payouts: the creator's account is made once, onboarding happens on
 * Stripe's pages through an account link, and Stripe's `account.updated` keeps the status here.
 */

/** Connect needs what card payment needs: the secret key, and the webhook that reports the status. */
export const stripePayoutsEnabled = () => cardPaymentEnabled();

export const PAYOUTS_PATH = "/studio/payouts";

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
    return_url: `${PUBLIC_URL}${PAYOUTS_PATH}`,
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
 * (Stripe does not deliver in order). Registered with commerce's webhook in app/jobs.server.ts,
 * which records the event id in the same transaction.
 */
export async function connectAccountUpdated(
  tx: Transaction,
  event: Stripe.Event,
): Promise<StripeEventOutcome> {
  const account = event.data.object as Stripe.Account;
  const before = await lockPayoutAccountByStripeId(tx, account.id);
  if (!before) {
    // Made by us (it names a creator) before its id was saved: Stripe delivers the event again.
    if (account.metadata?.creatorId)
      throw new StripeEventTooEarly(`Connect account ${account.id} not saved yet`);
    return "ignored";
  }
  const at = new Date(event.created * 1000);
  if (before.stripeStatusAt && at < before.stripeStatusAt) return "ignored";
  const status = connectStatusOf(account);
  await setStripeStatus(tx, before.creatorId, status, at);
  if (status === before.stripeStatus) return "applied";
  await recordAudit(tx, {
    actorId: "system:stripe",
    action: "payout_account.stripe_status",
    targetType: "payout_account",
    targetId: before.creatorId,
    before: { stripeStatus: before.stripeStatus },
    after: { stripeStatus: status, stripeEventId: event.id },
  });
  return "applied";
}
