import { TextAreaField } from "./fields";
import { labelClass } from "./staff-ui";

/** A decision's reason (one of `reasons`, the first chosen) and an optional note for the person told. */
export function ReasonFields({
  reasons,
  noteLabel,
  noteMax,
}: {
  reasons: Record<string, string>;
  noteLabel: string;
  noteMax: number;
}) {
  return (
    <>
      <fieldset>
        <legend className={labelClass}>Reason</legend>
        <div className="mt-1 space-y-1">
          {Object.entries(reasons).map(([key, text], index) => (
            <label key={key} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="reason"
                value={key}
                required
                defaultChecked={index === 0}
                className="mt-1 accent-brand-700"
              />
              <span>{text}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField label={noteLabel} name="note" rows={3} maxLength={noteMax} />
    </>
  );
}
