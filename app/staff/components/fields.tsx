import {
  type InputHTMLAttributes,
  type ReactNode,
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

const labelOf = (compact?: boolean, hide?: boolean) =>
  hide ? "sr-only" : compact ? "block text-xs text-zinc-700 dark:text-zinc-300" : labelClass;
const controlOf = (compact?: boolean) => (compact ? `${fieldClass} py-1` : `mt-1 ${fieldClass}`);

/** The label, the control (given its id, hint id and class) and the hint under it. */
export function FieldFrame({
  label,
  hint,
  compact,
  hideLabel,
  className,
  control,
}: Omit<Labelled, "name"> & {
  control: (props: { id: string; "aria-describedby"?: string; className: string }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelOf(compact, hideLabel)}>
        {label}
      </label>
      {control({ id, "aria-describedby": hintId, className: controlOf(compact) })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type Input = Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "className">;
type TextArea = Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "className">;
type Select = Labelled & { options: readonly { value: string; label: string }[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "name" | "className"
  >;

export function TextField({ label, hint, compact, hideLabel, className, ...input }: Input) {
  return (
    <FieldFrame
      {...{ label, hint, compact, hideLabel, className }}
      control={(props) => <input {...props} {...input} />}
    />
  );
}

export function TextAreaField({ label, hint, compact, hideLabel, className, ...textarea }: TextArea) {
  return (
    <FieldFrame
      {...{ label, hint, compact, hideLabel, className }}
      control={(props) => <textarea {...props} {...textarea} />}
    />
  );
}

export function SelectField({ label, hint, compact, hideLabel, className, options, ...select }: Select) {
  return (
    <FieldFrame
      {...{ label, hint, compact, hideLabel, className }}
      control={(props) => (
        <select {...props} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
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
