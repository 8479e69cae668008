import { listContactMessages } from "~/accounts/contact-inbox.server";
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from "~/accounts/contact-schema";
import { requirePermission } from "~/accounts/permissions.server";
import { pageMeta } from "~/components/meta";
import { linkColumn, personColumn, statusColumn, statusFilter, timeColumn } from "../components/columns";
import { StaffListPage } from "../components/list-page";
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
      selects={[statusFilter(filter.status, CONTACT_STATUSES, CONTACT_STATUS_LABELS)]}
      sort={{ value: filter.sort, options: SORTS }}
      page={messages}
      caption="Contact messages"
      rowKey={(message) => message.id}
      columns={[
        linkColumn(
          "Subject",
          (message) => `/staff/messages/${message.id}`,
          (message) => message.subject,
        ),
        personColumn(
          "From",
          (message) => message.email,
          (message) => message.username,
        ),
        statusColumn((message) => message.status, CONTACT_STATUS_TONES, CONTACT_STATUS_LABELS),
        timeColumn("Received", (message) => message.createdAt),
      ]}
    />
  );
}
