import { type BlockRequest, blockId, reserveRateLimitBlocks } from "./rate-limit.queries.server";
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
/**
 * Reservations made before a hit needs them (the next window's first block, a growing key's next
 * block) are gathered this long and sent in one statement: off the request path, and few.
 */
const AHEAD_BATCH_MS = 50;
/** The next window's first block is reserved in the current window's last tenth (at most 5 s). */
const AHEAD_SHARE_OF_WINDOW = 1 / 10;
const AHEAD_AT_MOST_S = 5;

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
  /** Blocks reserved in this window, and the size of the last one. */
  blocks: number;
  lastBlock: number;
  /** The next window's budget, reserved ahead in this window's last seconds. */
  next?: Budget;
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
  /** By rule name, then subject. */
  private readonly budgets = new Map<string, Map<string, Budget>>();
  private budgetCount = 0;
  private prunedAt = 0;
  /** Budgets waiting for the next batch of reservations made ahead, and its promise. */
  private ahead: { budgets: Budget[]; sent: Promise<void> } | null = null;
  /** Budgets that ran out in this turn of the event loop, and the promise of their one statement. */
  private refills: { budgets: Budget[]; sent: Promise<void> } | null = null;

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
        if (allowed) {
          for (const budget of budgets) budget.spent += 1;
          this.reserveAhead(budgets, nowSeconds);
        }
        return budgets.map((budget) => resultOf(budget, nowSeconds, allowed || !exhausted.includes(budget)));
      }
      await this.refill(short);
    }
  }

  private budgetOf(rule: RateLimitRule, subject: string, nowSeconds: number): Budget {
    const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
    // By rule, then subject: no key string is built on a hit that finds its budget.
    let ofRule = this.budgets.get(rule.name);
    if (!ofRule) {
      ofRule = new Map();
      this.budgets.set(rule.name, ofRule);
    }
    const kept = ofRule.get(subject);
    if (kept?.windowStart === windowStart) return kept;
    if (this.budgetCount > PRUNE_ABOVE && nowSeconds > this.prunedAt) this.prune(nowSeconds);
    const spentBefore = kept?.windowStart === windowStart - rule.windowSeconds ? kept.spent : 0;
    const budget =
      kept?.next?.windowStart === windowStart
        ? kept.next
        : newBudget(`${rule.name}:${subject}`, rule, windowStart, spentBefore);
    budget.spentBefore = spentBefore;
    if (!kept) this.budgetCount += 1;
    ofRule.set(subject, budget);
    return budget;
  }

  /**
   * After an allowed hit: reserves, in the background, what the budgets will need next, so a
   * steady or growing key never waits for PostgreSQL. In a window's last seconds that is the next
   * window's first block (every key's window ends at the same second: without this, all of them
   * would wait at once); a key that outran its first block (it is speeding up) gets each next block
   * when a third of the last is left. A steady key's one block a window covers it: nothing more.
   */
  private reserveAhead(budgets: Budget[], nowSeconds: number) {
    for (const budget of budgets) {
      const left = budget.windowStart + budget.windowSeconds - nowSeconds;
      const aheadFrom = Math.min(AHEAD_AT_MOST_S, Math.ceil(budget.windowSeconds * AHEAD_SHARE_OF_WINDOW));
      if (left <= aheadFrom && !budget.next) {
        budget.next = newBudget(budget.key, budget, budget.windowStart + budget.windowSeconds, budget.spent);
        this.queueAhead(budget.next);
      }
      const unspent = budget.granted - budget.spent;
      if (
        budget.blocks >= 2 &&
        !budget.pending &&
        budget.reservedTotal < budget.limit &&
        unspent <= budget.lastBlock / 3
      )
        this.queueAhead(budget);
    }
  }

  /** Adds a budget to the batch of reservations made ahead (one statement every AHEAD_BATCH_MS). */
  private queueAhead(budget: Budget) {
    if (!this.ahead) {
      const batch: Budget[] = [];
      const sent = new Promise<void>((resolve) => setTimeout(resolve, AHEAD_BATCH_MS).unref())
        .then(() => {
          this.ahead = null;
          // A block for a window that ended meanwhile would be spent by nobody.
          const nowSeconds = Math.floor(this.nowMs() / 1000);
          const ended = batch.filter((budget) => budget.windowStart + budget.windowSeconds <= nowSeconds);
          for (const budget of ended) budget.pending = null;
          const live = batch.filter((budget) => !ended.includes(budget));
          return live.length > 0 ? this.reserveBlocks(live) : undefined;
        })
        // A failed reservation ahead costs nothing: the hit that needs the block asks again.
        .catch(() => undefined);
      this.ahead = { budgets: batch, sent };
    }
    this.ahead.budgets.push(budget);
    budget.pending = this.ahead.sent;
  }

  /**
   * Reserves a block for every budget that has none left; waits for those under way. The budgets
   * that run out in one turn of the event loop (under load, many requests' keys at once) go in one
   * statement, sent once the turn's requests have all asked.
   */
  private async refill(short: Budget[]) {
    const waiting = short.flatMap((budget) => (budget.pending ? [budget.pending] : []));
    const asking = short.filter((budget) => !budget.pending);
    if (asking.length > 0) {
      if (!this.refills) {
        const batch: Budget[] = [];
        const sent = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          this.refills = null;
          return this.reserveBlocks(batch);
        });
        this.refills = { budgets: batch, sent };
      }
      this.refills.budgets.push(...asking);
      for (const budget of asking) budget.pending = this.refills.sent;
      waiting.push(this.refills.sent);
    }
    await Promise.all(waiting);
  }

  /** One statement reserving a block for each budget (one window of a key at most once). */
  private reserveBlocks(budgets: readonly Budget[]): Promise<void> {
    const blocks = budgets.map((budget) => ({ budget, amount: blockSize(budget) }));
    return this.reserve(
      blocks.map(({ budget, amount }) => ({ key: budget.key, windowStart: budget.windowStart, amount })),
    )
      .then((totals) => {
        for (const { budget, amount } of blocks) {
          const total = totals.get(blockId(budget.key, budget.windowStart));
          if (total === undefined) throw new Error(`the reservation of ${budget.key} returned no total`);
          const before = total - amount;
          budget.granted += Math.max(0, Math.min(amount, budget.limit - before));
          budget.blocks += 1;
          budget.lastBlock = amount;
          budget.reservedTotal = Math.max(budget.reservedTotal, total);
        }
      })
      .finally(() => {
        for (const { budget } of blocks) budget.pending = null;
      });
  }

  private prune(nowSeconds: number) {
    this.prunedAt = nowSeconds;
    for (const ofRule of this.budgets.values())
      for (const [subject, budget] of ofRule)
        if (budget.windowStart + 2 * budget.windowSeconds <= nowSeconds) {
          ofRule.delete(subject);
          this.budgetCount -= 1;
        }
    if (this.budgetCount > KEEP_AT_MOST) {
      this.budgets.clear();
      this.budgetCount = 0;
    }
  }
}

function newBudget(
  key: string,
  rule: Pick<RateLimitRule, "limit" | "windowSeconds">,
  windowStart: number,
  spentBefore: number,
): Budget {
  return {
    key,
    limit: rule.limit,
    windowStart,
    windowSeconds: rule.windowSeconds,
    granted: 0,
    spent: 0,
    reservedTotal: 0,
    spentBefore,
    pending: null,
    blocks: 0,
    lastBlock: 0,
  };
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
