import { type BlockRequest, reserveRateLimitBlocks } from "./rate-limit.queries.server";
import type { RateLimitResult, RateLimitRule } from "./rate-limit.server";

/**
 * The smallest block a process reserves, as a share of the limit: small enough that what other
 * processes hold unspent at the end of a window stays a small part of it, large enough that a busy
 * key's budget takes a few writes (docs/decisions/0028-rate-limit-reservations.md).
 */
const SMALLEST_BLOCK_SHARE = 1 / 20;
/** The most a block grows to within a window, as a share of the limit. */
const LARGEST_GROWTH_SHARE = 1 / 4;
/** Budgets of ended windows are dropped (at most once a second) once this many are kept. */
const PRUNE_ABOVE = 10_000;
/**
 * Past this many in one window (a flood from many addresses), every budget is dropped: what they
 * held unspent is lost, which refuses early but never lets more through.
 */
const KEEP_AT_MOST = 200_000;

/** This process's part of one window's budget for one rule and subject. */
interface Budget {
  /** The row's key: the rule's name and the subject. */
  key: string;
  limit: number;
  windowStart: number;
  windowSeconds: number;
  /** Hits the database granted this process in this window. */
  granted: number;
  spent: number;
  /** The window's reserved total (every process's) as of this process's last reservation. */
  reservedTotal: number;
  /** What this process spent in the previous window: the first block of a steady key covers it. */
  spentBefore: number;
  pending: Promise<void> | null;
}

export type ReserveBlocks = (blocks: readonly BlockRequest[]) => Promise<Map<string, number>>;

/**
 * Counts hits of batched rules (the public API's) in the process, spending blocks of each window's
 * budget that it reserves in PostgreSQL with one upsert. A process never allows more than the
 * database granted it, so a limit holds exactly across processes; what a process reserved and did
 * not spend is lost when the window ends, so a client may be refused that much early, never let
 * through more. A refused hit spends nothing.
 */
export class RateLimitReservations {
  private readonly budgets = new Map<string, Budget>();
  private prunedAt = 0;

  constructor(
    private readonly reserve: ReserveBlocks = reserveRateLimitBlocks,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Counts one hit under every rule given (each with its subject); all or none are spent. */
  async hit(pairs: readonly { rule: RateLimitRule; subject: string }[]): Promise<RateLimitResult[]> {
    for (;;) {
      const nowSeconds = Math.floor(this.nowMs() / 1000);
      const budgets = pairs.map(({ rule, subject }) => this.budgetOf(rule, subject, nowSeconds));
      const short = budgets.filter((budget) => budget.spent >= budget.granted);
      const exhausted = short.filter((budget) => budget.reservedTotal >= budget.limit);
      if (short.length === 0 || exhausted.length > 0) {
        const allowed = short.length === 0;
        if (allowed) for (const budget of budgets) budget.spent += 1;
        return budgets.map((budget) => resultOf(budget, nowSeconds, allowed || !exhausted.includes(budget)));
      }
      await this.refill(short);
    }
  }

  private budgetOf(rule: RateLimitRule, subject: string, nowSeconds: number): Budget {
    const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
    const key = `${rule.name}:${subject}`;
    const kept = this.budgets.get(key);
    if (kept?.windowStart === windowStart) return kept;
    if (this.budgets.size > PRUNE_ABOVE && nowSeconds > this.prunedAt) this.prune(nowSeconds);
    const budget: Budget = {
      key,
      limit: rule.limit,
      windowStart,
      windowSeconds: rule.windowSeconds,
      granted: 0,
      spent: 0,
      reservedTotal: 0,
      spentBefore: kept?.windowStart === windowStart - rule.windowSeconds ? kept.spent : 0,
      pending: null,
    };
    this.budgets.set(key, budget);
    return budget;
  }

  /** Reserves a block for every budget that has none left, in one statement; waits for those under way. */
  private async refill(short: Budget[]) {
    const waiting = short.flatMap((budget) => (budget.pending ? [budget.pending] : []));
    const asking = short.filter((budget) => !budget.pending);
    if (asking.length > 0) {
      const blocks = asking.map((budget) => ({ budget, amount: blockSize(budget) }));
      const reserved = this.reserve(
        blocks.map(({ budget, amount }) => ({ key: budget.key, windowStart: budget.windowStart, amount })),
      )
        .then((totals) => {
          for (const { budget, amount } of blocks) {
            const total = totals.get(budget.key);
            if (total === undefined) throw new Error(`the reservation of ${budget.key} returned no total`);
            const before = total - amount;
            budget.granted += Math.max(0, Math.min(amount, budget.limit - before));
            budget.reservedTotal = Math.max(budget.reservedTotal, total);
          }
        })
        .finally(() => {
          for (const { budget } of blocks) budget.pending = null;
        });
      for (const { budget } of blocks) budget.pending = reserved;
      waiting.push(reserved);
    }
    await Promise.all(waiting);
  }

  private prune(nowSeconds: number) {
    this.prunedAt = nowSeconds;
    for (const [key, budget] of this.budgets)
      if (budget.windowStart + 2 * budget.windowSeconds <= nowSeconds) this.budgets.delete(key);
    if (this.budgets.size > KEEP_AT_MOST) this.budgets.clear();
  }
}

/**
 * A steady key's first block is what this process spent in the previous window (one write a
 * window). A key that speeds up doubles what it has spent, up to a quarter of the limit, so a burst
 * costs a few writes, not one a hit, while what one process can hold unspent stays bounded.
 */
function blockSize(budget: Budget) {
  const smallest = Math.max(1, Math.ceil(budget.limit * SMALLEST_BLOCK_SHARE));
  const growth = Math.min(budget.spent, Math.ceil(budget.limit * LARGEST_GROWTH_SHARE));
  return Math.min(budget.limit, Math.max(smallest, budget.spentBefore - budget.spent, growth));
}

/**
 * What the headers state: the window's budget nobody had reserved at this process's last look,
 * plus what this process holds unspent (other processes' unspent blocks count as spent).
 */
function resultOf(budget: Budget, nowSeconds: number, allowed: boolean): RateLimitResult {
  const unreserved = Math.max(0, budget.limit - budget.reservedTotal);
  return {
    allowed,
    remaining: allowed ? unreserved + budget.granted - budget.spent : 0,
    retryAfterSeconds: budget.windowStart + budget.windowSeconds - nowSeconds,
  };
}

let shared: RateLimitReservations | null = null;
/** The process's reservations, used by every batched rule. */
export const rateLimitReservations = () => {
  shared ??= new RateLimitReservations();
  return shared;
};
