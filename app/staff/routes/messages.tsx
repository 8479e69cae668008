import { listContactMessages } from "~/accounts/contact/contact-inbox.server";
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from "~/accounts/contact/contact-schema";
import { pageMeta } from "~/components/meta";
import { statusFilter } from "../components/columns";
import { StaffListPage } from "../components/list-page";
import { ListSearchSchema, listFilter, listQuerySchema } from "../list-query";
import { CONTACT_STATUS_TONES } from "../tones";
import type { Route } from "./+types/messages";
import { staffListLoader } from "./list-loader.server";

export const meta = () => pageMeta("Messages · Staff", "The contact inbox.");

const MessageListSchema = listQuerySchema(
  { q: ListSearchSchema, status: listFilter(CONTACT_STATUSES) },
  { sorts: ["newest", "oldest"], defaultSort: "newest" },
);

const SORTS = {
  newest: "Received, newest first",
  oldest: "Received, oldest first",
};

export const loader = staffListLoader("staff:manage-messages", MessageListSchema, listContactMessages);

export default function Messages({ loaderData: { page, filter } }: Route.ComponentProps) {
  return (
    <StaffListPage
      title="Messages"
      description="What people wrote through the contact form; reply by mail from here."
      search={{ value: filter.q, placeholder: "Email, username or subject" }}
      selects={[statusFilter(filter.status, CONTACT_STATUSES, CONTACT_STATUS_LABELS)]}
      sort={{ value: filter.sort, labels: SORTS }}
      page={page}
      caption="Contact messages"
      rowKey={(message) => message.id}
      columns={(c) => [
        c.link(
          "Subject",
          (message) => `/staff/messages/${message.id}`,
          (message) => message.subject,
        ),
        c.person(
          "From",
          (message) => message.email,
          (message) => message.username,
        ),
        c.status((message) => message.status, CONTACT_STATUS_TONES, CONTACT_STATUS_LABELS),
        c.time("Received", (message) => message.createdAt),
      ]}
    />
  );
}
