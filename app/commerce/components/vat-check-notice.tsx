import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { Spinner } from "~/components/button";
import { useT } from "~/platform/i18n/i18n";
import { registerOf, type VatCheckStatus } from "../pricing/vat-confirmation";

/** Where a business's VAT number check stands at checkout (vat-confirmation.ts), as the page shows it. */
export interface VatCheckState {
  vatNumber: string;
  status: Exclude<VatCheckStatus, "rejected">;
  consultationNumber: string | null;
}

/** How often, and how many times, an open checkout page asks again while a check is pending. */
const POLL_MS = 2_000;
const POLL_TIMES = 8;

/**
 * Under the VAT number: confirmed (reverse charge, with the register's consultation number), or
 * not yet (the order includes VAT, and why), with a "Check again" button that re-reads the check
 * (and asks the register again if it was down). With JavaScript the page also re-reads it a few
 * times by itself while it is pending.
 */
export function VatCheckNotice({
  check,
  checking,
  onPoll,
}: {
  check: VatCheckState;
  checking: boolean;
  /** Told before each re-read, so the page shows the loader's newer figures. */
  onPoll?: () => void;
}) {
  const t = useT();
  const { revalidate } = useRevalidator();
  // The register's name as the sentence says it: HMRC is explained, VIES is not.
  const register =
    registerOf(check.vatNumber) === "HMRC" ? t("commerce.vat.registerHmrc") : t("commerce.vat.registerVies");
  const polls = useRef(0);
  const told = useRef(onPoll);
  told.current = onPoll;
  useEffect(() => {
    if (check.status !== "pending" || polls.current >= POLL_TIMES) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      told.current?.();
      revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [check, revalidate]);

  if (check.status === "confirmed") {
    return (
      <p
        role="status"
        data-testid="vat-check"
        data-status="confirmed"
        className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100"
      >
        {check.consultationNumber
          ? t("commerce.vat.confirmedWithConsultation", {
              vatNumber: check.vatNumber,
              register,
              consultationNumber: check.consultationNumber,
            })
          : t("commerce.vat.confirmed", { vatNumber: check.vatNumber, register })}
      </p>
    );
  }
  return (
    <div
      data-testid="vat-check"
      data-status={check.status}
      className="grid gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p role="status">
        {check.status === "pending"
          ? t("commerce.vat.pending", { vatNumber: check.vatNumber, register })
          : t("commerce.vat.unavailable", { vatNumber: check.vatNumber, register })}
      </p>
      <button
        type="submit"
        name="intent"
        value="recheck-vat"
        formNoValidate
        className="inline-flex w-fit items-center gap-2 rounded-xl border border-amber-700/40 bg-white px-4 py-2 text-sm font-semibold text-amber-950 hover:bg-amber-100 dark:border-amber-300/40 dark:bg-zinc-950 dark:text-amber-100 dark:hover:bg-zinc-900"
      >
        {checking ? <Spinner label={t("commerce.vat.checking")} /> : null}
        {t("commerce.vat.checkAgain")}
      </button>
    </div>
  );
}
