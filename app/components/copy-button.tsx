import { useEffect, useState } from "react";
import { useT } from "~/platform/i18n/i18n";
import { buttonClass } from "./button";

/** What the button says after a click, as catalogue keys (the English texts are in common.json). */
export const COPY_STATUS = {
  copied: "common.copy.copied",
  selected: "common.copy.selected",
} as const;

/**
 * Copies the value of the field `fieldId` and says so beside the button. Copying needs JavaScript,
 * so the button appears once the page is hydrated; before that the field is there to select by hand.
 * Where the browser refuses the clipboard (a page over plain http), the field's text is selected.
 * Give it `key={value}`, so a new value starts without the old one's status.
 */
export function CopyButton({ fieldId, value, label }: { fieldId: string; value: string; label: string }) {
  const t = useT();
  const [hydrated, setHydrated] = useState(false);
  const [status, setStatus] = useState<keyof typeof COPY_STATUS | null>(null);
  useEffect(() => setHydrated(true), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setStatus("copied");
    } catch {
      const field = document.getElementById(fieldId);
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
      setStatus("selected");
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      {hydrated ? (
        <button type="button" onClick={copy} aria-label={label} className={buttonClass("secondary")}>
          {t("common.copy.button")}
        </button>
      ) : null}
      {/* Mounted from the start, so screen readers announce each new status. */}
      <span role="status" className="text-sm font-semibold text-brand-800 dark:text-brand-300">
        {status ? t(COPY_STATUS[status]) : ""}
      </span>
    </span>
  );
}
