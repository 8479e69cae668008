import { Link } from "react-router";
import { listContactMessages } from "~/accounts/contact-inbox.server";
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from "~/accounts/contact-schema";
import { requirePermission } from "~/accounts/permissions.server";
import { pageMeta } from "~/components/meta";
import {
  cellClass,
  FilterBar,
  formatDateTime,
  Pagination,
  Pill,
  plainHeader,
  rowClass,
  SortHeader,
  StaffPageHeader,
  StaffTable,
  theadClass,
} from "../components/staff-ui";
import { ListSearchSchema, listFilter, listQuerySchema, searchParamsOf } from "../list-query";
import { CONTACT_STATUS_TONES } from "../tones";
import type { Route } from "./+types/messages";

export const meta = () => pageMeta("Messages · Staff", "The contact inbox.");

const MessageListSchema = listQuerySchema(
  { q: ListSearchSchema, status: listFilter(CONTACT_STATUSES) },
  { sorts: ["newest", "oldest"], defaultSort: "newest" },
);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-messages");
  const filter = MessageListSchema.parse(searchParamsOf(request));
  return { messages: await listContactMessages(filter), filter };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { messages, filter } = loaderData;
  return (
    <main>
      <StaffPageHeader
        title="Messages"
        description="What people wrote through the contact form; reply by mail from here."
      />
      <FilterBar
        q={filter.q}
        placeholder="Email, username or subject"
        selects={[
          {
            name: "status",
            label: "Status",
            value: filter.status ?? "",
            options: [
              { value: "", label: "Any status" },
              ...CONTACT_STATUSES.map((status) => ({ value: status, label: CONTACT_STATUS_LABELS[status] })),
            ],
          },
        ]}
        extra={<input type="hidden" name="sort" value={filter.sort} />}
      />
      <StaffTable caption="Contact messages">
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={plainHeader}>
              Subject
            </th>
            <th scope="col" className={plainHeader}>
              From
            </th>
            <th scope="col" className={plainHeader}>
              Status
            </th>
            <SortHeader label="Received (newest)" sort="newest" current={filter.sort} />
            <SortHeader label="Oldest first" sort="oldest" current={filter.sort} />
          </tr>
        </thead>
        <tbody>
          {messages.rows.map((message) => (
            <tr key={message.id} className={rowClass}>
              <td className={cellClass}>
                <Link
                  to={`/staff/messages/${message.id}`}
                  className="font-medium text-brand-800 underline-offset-4 hover:underline dark:text-brand-300"
                >
                  {message.subject}
                </Link>
              </td>
              <td className={cellClass}>
                <span className="whitespace-nowrap">{message.email}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{message.username}</span>
              </td>
              <td className={cellClass}>
                <Pill tone={CONTACT_STATUS_TONES[message.status]}>
                  {CONTACT_STATUS_LABELS[message.status]}
                </Pill>
              </td>
              <td className={cellClass} colSpan={2}>
                {formatDateTime(message.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </StaffTable>
      <Pagination page={messages} />
    </main>
  );
}
