import { STALE_AFTER_DAYS } from "~/payments/rates/ecb-rates";

/**
 * The exchange rates a staff page works with: their day, and a warning when they are stale (the
 * newest older than STALE_AFTER_DAYS: the ECB job has not stored a day since; decision 0026).
 */
export function RatesNote({ date, stale }: { date: string | null; stale: boolean }) {
  if (stale) {
    return (
      <p
        role="alert"
        data-testid="rates-stale"
        className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
      >
        {date
          ? `Exchange rates are stale: the newest ECB rates are from ${date}, more than ${STALE_AFTER_DAYS} days ago. Suggested prices and new orders in other currencies use them; check the ECB rates job (ECB_RATES_URL).`
          : "No exchange rates are stored: orders in other currencies are refused until the ECB rates job stores a day (ECB_RATES_URL)."}
      </p>
    );
  }
  return (
    <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400" data-testid="rates-date">
      Exchange rates: ECB reference rates of {date}.
    </p>
  );
}
