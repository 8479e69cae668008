import {
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { fieldClass, labelClass } from "./staff-ui";

/** Labelled form controls of the console; `compact` for the small inline forms of a row (tiers, roles). */
type Labelled = {
  label: string;
  name: string;
  hint?: string;
  compact?: boolean;
  /** For a control whose column or row already says what it is. */
  hideLabel?: boolean;
  className?: string;
};

function useFieldIds(hint?: string) {
  const id = useId();
  return { id, hintId: hint ? `${id}-hint` : undefined };
}

const labelOf = (compact?: boolean, hide?: boolean) =>
  hide ? "sr-only" : compact ? "block text-xs text-zinc-700 dark:text-zinc-300" : labelClass;
const controlOf = (compact?: boolean) => (compact ? `${fieldClass} py-1` : `mt-1 ${fieldClass}`);

function Hint({ id, text }: { id?: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
      {text}
    </p>
  ) : null;
}

export function TextField({
  label,
  hint,
  compact,
  className,
  ...input
}: Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "className">) {
  const { id, hintId } = useFieldIds(hint);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelOf(compact)}>
        {label}
      </label>
      <input id={id} aria-describedby={hintId} className={controlOf(compact)} {...input} />
      <Hint id={hintId} text={hint} />
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  compact,
  className,
  ...textarea
}: Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "className">) {
  const { id, hintId } = useFieldIds(hint);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelOf(compact)}>
        {label}
      </label>
      <textarea id={id} aria-describedby={hintId} className={controlOf(compact)} {...textarea} />
      <Hint id={hintId} text={hint} />
    </div>
  );
}

export function SelectField({
  label,
  options,
  compact,
  hideLabel,
  className,
  ...select
}: Labelled & { options: readonly { value: string; label: string }[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "name" | "className"
  >) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelOf(compact, hideLabel)}>
        {label}
      </label>
      <select id={id} className={controlOf(compact)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  label,
  className,
  ...input
}: Omit<Labelled, "hint" | "compact"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "className" | "type">) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className ?? ""}`}>
      <input id={id} type="checkbox" className="size-4 accent-brand-700" {...input} />
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
    </div>
  );
}
