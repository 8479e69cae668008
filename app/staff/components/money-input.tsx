import type { InputHTMLAttributes } from "react";
import { eurosValue } from "../money";
import { FieldFrame } from "./fields";

/**
 * An amount typed in euros ("49.90"); the server reads it with `eurosField` and stores cents.
 * `cents` fills it with a stored amount; `value` (what was sent) wins after a refused submit.
 */
export function MoneyInput({
  label,
  cents,
  value,
  compact,
  className,
  ...input
}: {
  label: string;
  name: string;
  cents?: number | null;
  value?: string;
  compact?: boolean;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "className" | "value" | "defaultValue" | "type">) {
  return (
    <FieldFrame
      {...{ label, compact, className }}
      control={(props) => (
        <div className={`relative ${compact ? "" : "mt-1"}`}>
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-zinc-600 dark:text-zinc-400"
          >
            €
          </span>
          <input
            {...props}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={value ?? eurosValue(cents)}
            className={`${props.className.replace("mt-1 ", "")} pl-7 tabular-nums`}
            {...input}
          />
        </div>
      )}
    />
  );
}
