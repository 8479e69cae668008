import type { ReactNode } from "react";
import { Link } from "~/components/link";
import type { AuditName, NamedAuditEntry } from "../audit-diff";
import { formatDateTime, NoneYet } from "./staff-ui";

/** A person or thing an audit entry names, linked to its console page when it has one. */
export function AuditNameLink({ name }: { name: AuditName }) {
  return name.to ? (
    <Link to={name.to} className="text-brand-800 underline underline-offset-2 dark:text-brand-300">
      {name.name}
    </Link>
  ) : (
    <span>{name.name}</span>
  );
}

/** What an entry changed: "Price: €49.00 → €59.00", one line a field. */
export function AuditChanges({ entry }: { entry: Pick<NamedAuditEntry, "changes"> }) {
  if (entry.changes.length === 0) return null;
  return (
    <ul className="text-xs text-zinc-700 dark:text-zinc-300">
      {entry.changes.map((change) => (
        <li key={change.field}>
          {change.field}: <span className="line-through decoration-zinc-400">{change.before}</span> →{" "}
          <span className="font-medium">{change.after}</span>
        </li>
      ))}
    </ul>
  );
}

/** The history of one thing on its detail page, oldest first; `first` is what came before any entry. */
export function AuditHistory({
  entries,
  first,
  title = "History",
}: {
  entries: NamedAuditEntry[];
  first?: ReactNode;
  title?: string;
}) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {entries.length === 0 && !first ? (
        <NoneYet />
      ) : (
        <ol className="space-y-2 text-sm">
          {first ? <li>{first}</li> : null}
          {entries.map((entry) => (
            <li key={entry.id}>
              {formatDateTime(entry.createdAt)} · {entry.action} by <AuditNameLink name={entry.actor} />
              <AuditChanges entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
