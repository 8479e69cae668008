import { useEffect, useState } from "react";
import { buttonClass } from "./button";

export const COPY_STATUS = {
  copied: "Copied",
  selected: "Selected: press Ctrl+C (⌘C on a Mac) to copy.",
} as const;

/**
 * Copies the value of the field `fieldId` and says so beside the button. Copying needs JavaScript,
 * so the button appears once the page is hydrated; before that the field is there to select by hand.
 * Where the browser refuses the clipboard (a page over plain http), the field's text is selected.
 * Give it `key={value}`, so a new value starts without the old one's status.
 */
export function CopyButton({ fieldId, value, label }: { fieldId: string; value: string; label: string }) {
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
          Copy
        </button>
      ) : null}
      {/* Mounted from the start, so screen readers announce each new status. */}
      <span role="status" className="text-sm font-semibold text-brand-800 dark:text-brand-300">
        {status ? COPY_STATUS[status] : ""}
      </span>
    </span>
  );
}
