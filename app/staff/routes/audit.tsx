import { Link } from "react-router";
import { z } from "zod";
import { requirePermission } from "~/accounts/permissions.server";
import { pageMeta } from "~/components/meta";
import { listAudit } from "~/platform/audit.server";
import {
  cellClass,
  FilterBar,
  formatDateTime,
  plainHeader,
  rowClass,
  StaffPageHeader,
  StaffTable,
  theadClass,
} from "../components/staff-ui";
import { withParams } from "../list-url";
import type { Route } from "./+types/audit";

export const meta = () => pageMeta("Audit log · Staff", "Who did what to what, when.");

const AUDIT_PAGE = 50;
const AuditFilterSchema = z.object({
  targetType: z.string().trim().max(60).optional().catch(undefined),
  targetId: z.string().trim().max(200).optional().catch(undefined),
  actorId: z.string().trim().max(200).optional().catch(undefined),
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:read-audit");
  const filter = AuditFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const entries = await listAudit(
    {
      targetType: filter.targetType || undefined,
      targetId: filter.targetId || undefined,
      actorId: filter.actorId || undefined,
      beforeId: filter.before,
    },
    AUDIT_PAGE + 1,
  );
  const more = entries.length > AUDIT_PAGE;
  return { entries: entries.slice(0, AUDIT_PAGE), more, filter };
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-zinc-500">—</span>;
  return (
    <pre className="max-w-xs overflow-x-auto whitespace-pre-wrap break-all text-xs">
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, more, filter } = loaderData;
  const last = entries.at(-1);
  return (
    <main>
      <StaffPageHeader
        title="Audit log"
        description="Every staff change, newest first. Entries cannot be edited or deleted."
      />
      <FilterBar
        q={undefined}
        placeholder=""
        selects={[]}
        extra={(["targetType", "targetId", "actorId"] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`audit-${name}`} className="block text-sm font-medium">
              {{ targetType: "Target type", targetId: "Target id", actorId: "Actor id" }[name]}
            </label>
            <input
              id={`audit-${name}`}
              name={name}
              defaultValue={filter[name] ?? ""}
              maxLength={200}
              className="mt-1 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            />
          </div>
        ))}
      />
      <StaffTable caption="Audit entries">
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={plainHeader}>
              When (UTC)
            </th>
            <th scope="col" className={plainHeader}>
              Who
            </th>
            <th scope="col" className={plainHeader}>
              Did
            </th>
            <th scope="col" className={plainHeader}>
              To
            </th>
            <th scope="col" className={plainHeader}>
              Before
            </th>
            <th scope="col" className={plainHeader}>
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className={rowClass}>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(entry.createdAt)}</td>
              <td className={`${cellClass} break-all`}>{entry.actorId}</td>
              <td className={`${cellClass} font-mono text-xs`}>{entry.action}</td>
              <td className={`${cellClass} break-all`}>
                {entry.targetType} {entry.targetId}
              </td>
              <td className={cellClass}>
                <Json value={entry.before} />
              </td>
              <td className={cellClass}>
                <Json value={entry.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </StaffTable>
      <nav aria-label="Pages" className="mt-4 flex gap-2 text-sm">
        {filter.before ? (
          <Link
            to={withParams("", {
              targetType: filter.targetType ?? null,
              targetId: filter.targetId ?? null,
              actorId: filter.actorId ?? null,
            })}
            className="underline"
          >
            Newest
          </Link>
        ) : null}
        {more && last ? (
          <Link
            to={withParams("", {
              targetType: filter.targetType ?? null,
              targetId: filter.targetId ?? null,
              actorId: filter.actorId ?? null,
              before: String(last.id),
            })}
            className="underline"
          >
            Older entries
          </Link>
        ) : null}
      </nav>
    </main>
  );
}
