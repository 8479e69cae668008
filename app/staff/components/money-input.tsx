import { type InputHTMLAttributes, useId } from "react";
import { eurosValue } from "../money";
import { fieldClass, labelClass } from "./staff-ui";

/**
 * An amount typed in euros ("49.90"); the server reads it with `eurosField` and stores cents.
 * `cents` fills it with a stored amount; `value` (what was sent) wins after a refused submit.
 */
export function MoneyInput({
  label,
  name,
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
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={compact ? "block text-xs text-zinc-700 dark:text-zinc-300" : labelClass}>
        {label}
      </label>
      <div className={`relative ${compact ? "" : "mt-1"}`}>
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-zinc-600 dark:text-zinc-400"
        >
          €
        </span>
        <input
          id={id}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={value ?? eurosValue(cents)}
          className={`${fieldClass} pl-7 tabular-nums ${compact ? "py-1" : ""}`}
          {...input}
        />
      </div>
    </div>
  );
}
