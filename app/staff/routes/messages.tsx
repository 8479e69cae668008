import { Link } from "react-router";
import { listContactMessages } from "~/accounts/contact-inbox.server";
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from "~/accounts/contact-schema";
import { requirePermission } from "~/accounts/permissions.server";
import { pageMeta } from "~/components/meta";
import { choices, StaffListPage } from "../components/list-page";
import { formatDateTime, Pill } from "../components/staff-ui";
import { ListSearchSchema, listFilter, listQuerySchema, searchParamsOf } from "../list-query";
import { CONTACT_STATUS_TONES } from "../tones";
import type { Route } from "./+types/messages";

export const meta = () => pageMeta("Messages · Staff", "The contact inbox.");

const MessageListSchema = listQuerySchema(
  { q: ListSearchSchema, status: listFilter(CONTACT_STATUSES) },
  { sorts: ["newest", "oldest"], defaultSort: "newest" },
);

const SORTS = [
  { value: "newest", label: "Received, newest first" },
  { value: "oldest", label: "Received, oldest first" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-messages");
  const filter = MessageListSchema.parse(searchParamsOf(request));
  return { messages: await listContactMessages(filter), filter };
}

type Row = Route.ComponentProps["loaderData"]["messages"]["rows"][number];

export default function Messages({ loaderData: { messages, filter } }: Route.ComponentProps) {
  return (
    <StaffListPage<Row>
      title="Messages"
      description="What people wrote through the contact form; reply by mail from here."
      search={{ value: filter.q, placeholder: "Email, username or subject" }}
      selects={[
        {
          name: "status",
          label: "Status",
          value: filter.status,
          options: choices(CONTACT_STATUSES, CONTACT_STATUS_LABELS, "Any status"),
        },
      ]}
      sort={{ value: filter.sort, options: SORTS }}
      page={messages}
      caption="Contact messages"
      rowKey={(message) => message.id}
      columns={[
        {
          header: "Subject",
          cell: (message) => (
            <Link
              to={`/staff/messages/${message.id}`}
              className="font-medium text-brand-800 underline-offset-4 hover:underline dark:text-brand-300"
            >
              {message.subject}
            </Link>
          ),
        },
        {
          header: "From",
          cell: (message) => (
            <>
              <span className="break-all">{message.email}</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">{message.username}</span>
            </>
          ),
        },
        {
          header: "Status",
          cell: (message) => (
            <Pill tone={CONTACT_STATUS_TONES[message.status]}>{CONTACT_STATUS_LABELS[message.status]}</Pill>
          ),
        },
        {
          header: "Received (UTC)",
          cell: (message) => formatDateTime(message.createdAt),
          sorts: { newest: "descending", oldest: "ascending" },
          className: "whitespace-nowrap",
        },
      ]}
    />
  );
}
