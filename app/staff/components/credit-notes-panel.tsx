import type { Currency } from "~/payments/currencies";
import { formatMoney } from "~/payments/money";
import { Panel } from "./staff-ui";

/** An order's credit notes, one per refund, each with its amount, reason and PDF. */
export function CreditNotesPanel({
  notes,
  currency,
}: {
  notes: { number: string; amountCents: number; reason: string | null; url: string }[];
  /** The order's: its credit notes are in it. */
  currency: Currency;
}) {
  return (
    <Panel title="Credit notes">
      <ul className="space-y-2 text-sm">
        {notes.map((note) => (
          <li key={note.number} className="flex flex-wrap items-baseline justify-between gap-x-4">
            <a
              href={note.url}
              className="font-medium text-brand-800 underline underline-offset-2 dark:text-brand-300"
            >
              {note.number} (PDF)
            </a>
            <span className="tabular-nums">− {formatMoney(note.amountCents, undefined, currency)}</span>
            {note.reason ? (
              <span className="w-full text-zinc-600 dark:text-zinc-400">{note.reason}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
