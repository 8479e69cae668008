import { type KeyboardEvent, useRef } from "react";
import { Spinner } from "~/components/button";
import { inputClass } from "~/components/form-field";
import { useT } from "~/platform/i18n/i18n";
import { PROMO_CODE_MAX } from "../checkout/checkout-schema";

/** Promo code: an input with Apply, or the applied code with Remove. */
export function PromoField({
  applied,
  error,
  defaultCode,
  busy,
}: {
  applied: string | null;
  error?: string | null;
  defaultCode: string;
  busy: "apply" | "remove" | null;
}) {
  const t = useT();
  const applyButton = useRef<HTMLButtonElement>(null);
  // Enter in the code field applies the code; it must never place the order.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    applyButton.current?.click();
  };

  return (
    <div className="border-b border-zinc-200 py-4 dark:border-zinc-800">
      {applied ? (
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm">
            <span className="rounded-md bg-brand-100 px-2 py-1 font-mono font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-300">
              {applied}
            </span>{" "}
            <span className="text-zinc-600 dark:text-zinc-400">{t("commerce.promo.applied")}</span>
          </p>
          <button
            type="submit"
            name="intent"
            value="remove-promo"
            formNoValidate
            disabled={busy !== null}
            className="text-sm font-semibold text-zinc-700 underline hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-white"
          >
            {t("commerce.promo.remove")}
          </button>
        </div>
      ) : (
        <>
          <label htmlFor="promoCode" className="mb-1.5 block text-sm font-medium">
            {t("commerce.promo.label")}
          </label>
          <div className="flex gap-2">
            <input
              id="promoCode"
              name="promoCode"
              type="text"
              maxLength={PROMO_CODE_MAX}
              autoComplete="off"
              spellCheck={false}
              defaultValue={defaultCode}
              onKeyDown={onKeyDown}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "promo-error" : undefined}
              className={`${inputClass} uppercase placeholder:normal-case`}
            />
            <button
              ref={applyButton}
              type="submit"
              name="intent"
              value="apply-promo"
              formNoValidate
              disabled={busy !== null}
              className="inline-flex shrink-0 items-center gap-2 rounded-xl border border-zinc-300 bg-white px-4 text-sm font-semibold hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-950 dark:hover:bg-zinc-800"
            >
              {busy === "apply" ? <Spinner label={t("commerce.promo.checking")} /> : null}
              {t("commerce.promo.apply")}
            </button>
          </div>
        </>
      )}
      <p id="promo-error" role="alert" className="mt-1.5 text-sm text-red-700 empty:hidden dark:text-red-400">
        {error ?? ""}
      </p>
    </div>
  );
}
