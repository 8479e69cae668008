import { z } from "zod";
import { EMAIL_MAX } from "~/accounts/auth/email";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { listNamedAudit } from "../audit-log.server";
import { AuditChanges, AuditNameLink } from "../components/audit-history";
import { TextField } from "../components/fields";
import { StaffListPage } from "../components/list-page";
import { formatDateTime } from "../components/staff-ui";
import { withParams } from "../list-url";
import { STAFF_TEXTS } from "../texts";
import type { Route } from "./+types/audit";

export const meta = () => pageMeta("Audit log · Staff", "Who did what to what, when.");

const AUDIT_PAGE = 50;
const TARGET_TYPES = [
  { value: "", label: "Anything" },
  { value: "order", label: "Orders" },
  { value: "clip", label: "Clips" },
  { value: "user", label: "Users" },
  { value: "promo", label: "Promo codes" },
  { value: "plan", label: "Plans" },
  { value: "contact_message", label: "Messages" },
  { value: "creator_application", label: "Creator applications" },
  { value: "clip_report", label: "Clip reports" },
  { value: "job", label: "Jobs" },
] as const;

const AuditFilterSchema = z.object({
  person: z.string().trim().max(EMAIL_MAX).optional().catch(undefined),
  targetType: z.string().trim().max(60).optional().catch(undefined),
  targetId: z.string().trim().max(200).optional().catch(undefined),
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:read-audit");
  const filter = AuditFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { entries, personFound } = await listNamedAudit(
    {
      person: filter.person || undefined,
      targetType: filter.targetType || undefined,
      targetId: filter.targetId || undefined,
      beforeId: filter.before,
    },
    AUDIT_PAGE + 1,
  );
  const more = entries.length > AUDIT_PAGE;
  return { entries: entries.slice(0, AUDIT_PAGE), more, filter, personFound };
}

type Row = Route.ComponentProps["loaderData"]["entries"][number];

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, more, filter, personFound } = loaderData;
  const last = entries.at(-1);
  const kept = {
    person: filter.person ?? null,
    targetType: filter.targetType ?? null,
    targetId: filter.targetId ?? null,
  };
  return (
    <StaffListPage<Row>
      title="Audit log"
      description="Every staff change, newest first. Entries cannot be edited or deleted."
      selects={[{ name: "targetType", label: "About", value: filter.targetType, options: TARGET_TYPES }]}
      fields={
        <>
          <TextField
            label="Done by (email or username)"
            name="person"
            type="search"
            defaultValue={filter.person ?? ""}
            maxLength={EMAIL_MAX}
            className="sm:min-w-64 sm:flex-1"
          />
          {filter.targetId ? <input type="hidden" name="targetId" value={filter.targetId} /> : null}
        </>
      }
      page={{ rows: entries, total: 0, page: 1, pageSize: AUDIT_PAGE }}
      caption="Audit entries"
      rowKey={(entry) => entry.id}
      empty={personFound ? "No entries match." : STAFF_TEXTS.unknownPerson}
      columns={() => [
        {
          header: "When (UTC)",
          cell: (entry) => formatDateTime(entry.createdAt),
          className: "whitespace-nowrap",
        },
        { header: "Who", cell: (entry) => <AuditNameLink name={entry.actor} /> },
        { header: "Did", cell: (entry) => entry.action },
        { header: "To", cell: (entry) => <AuditNameLink name={entry.target} /> },
        { header: "Changes", cell: (entry) => <AuditChanges entry={entry} /> },
      ]}
      footer={
        <nav aria-label="Older and newer entries" className="mt-4 flex gap-4 text-sm">
          {filter.before ? (
            <Link to={withParams("", kept)} className="underline">
              Newest
            </Link>
          ) : null}
          {more && last ? (
            <Link to={withParams("", { ...kept, before: String(last.id) })} className="underline">
              Older entries
            </Link>
          ) : null}
        </nav>
      }
    />
  );
}
