import { Form } from "react-router";
import { z } from "zod";
import { ROLES } from "~/accounts/people/roles";
import { listUsers, setUserRole, setUserSuspended, USER_SORTS } from "~/accounts/people/user-admin.server";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { ConfirmLink, ConfirmPanel, useConfirmStep } from "../components/confirm";
import { SelectField } from "../components/fields";
import { StaffListPage } from "../components/list-page";
import { ErrorNote, Pill, SubmitButton } from "../components/staff-ui";
import { ListSearchSchema, listFilter, listQuerySchema, searchParamsOf } from "../list-query";
import { withoutConfirm } from "../list-url";
import { STAFF_TEXTS } from "../texts";
import type { Route } from "./+types/users";
import { notFound, requireConfirmed } from "./action.server";

export const meta = () => pageMeta("Users · Staff", "Search users, change roles, suspend accounts.");

const UserListSchema = listQuerySchema(
  { q: ListSearchSchema, role: listFilter(ROLES), state: listFilter(["active", "suspended"]) },
  { sorts: USER_SORTS, defaultSort: "newest" },
);

const SORTS = {
  newest: "Joined, newest first",
  oldest: "Joined, oldest first",
  email: "Email, A to Z",
  username: "Username, A to Z",
};
const ROLE_CHOICES = ROLES.map((role) => ({ value: role, label: role }));
const STATES = [
  { value: "", label: "Any" },
  { value: "active", label: "Active" },
  { value: "suspended", label: "Suspended" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermission(request, "staff:manage-users");
  const filter = UserListSchema.parse(searchParamsOf(request));
  return { users: await listUsers(filter), filter, actorId: actor.id };
}

const UserActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-role"), target: z.string().min(1).max(200), role: z.enum(ROLES) }),
  z.object({ intent: z.literal("suspend"), target: z.string().min(1).max(200) }),
  z.object({ intent: z.literal("reinstate"), target: z.string().min(1).max(200) }),
]);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:manage-users");
  const parsed = await parseForm(request, UserActionSchema);
  if (!parsed.ok) return replyWith(formReply("Choose a user and an action."));
  const input = parsed.data;
  if (input.intent === "suspend") requireConfirmed(parsed.values);
  const result =
    input.intent === "set-role"
      ? await setUserRole({ userId: input.target, role: input.role, actor })
      : await setUserSuspended({ userId: input.target, suspended: input.intent === "suspend", actor });
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    return replyWith(formReply(STAFF_TEXTS.self));
  }
  const message = {
    "set-role": result.changed
      ? `Role changed to ${input.intent === "set-role" ? input.role : ""}.`
      : "The role was already that.",
    suspend: result.changed
      ? "Account suspended; its sessions have ended."
      : "The account was already suspended.",
    reinstate: result.changed ? "Account reinstated." : "The account was not suspended.",
  }[input.intent];
  return redirectWithToast(withoutConfirm(new URL(request.url)), { message, type: "success" });
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { users, filter, actorId } = loaderData;
  const confirm = useConfirmStep();
  const confirming =
    confirm.intent === "suspend" ? users.rows.find((user) => user.id === confirm.target) : undefined;
  return (
    <StaffListPage
      title="Users"
      description="Search by email or username; change a role; suspend or reinstate an account."
      notice={
        <>
          <ErrorNote message={actionData ? replyMessage(actionData) : null} />
          {confirming ? (
            <ConfirmPanel
              intent="suspend"
              target={confirming.id}
              title={`Suspend ${confirming.email ?? confirming.username}?`}
              confirmLabel="Suspend account"
            >
              <p className="text-sm">
                They are signed out everywhere at once and cannot sign in until reinstated.
              </p>
            </ConfirmPanel>
          ) : null}
        </>
      }
      search={{ value: filter.q, placeholder: "Email or username" }}
      selects={[
        {
          name: "role",
          label: "Role",
          value: filter.role,
          options: [{ value: "", label: "Any role" }, ...ROLE_CHOICES],
        },
        { name: "state", label: "State", value: filter.state, options: STATES },
      ]}
      sort={{ value: filter.sort, labels: SORTS }}
      page={users}
      caption="Users"
      rowKey={(user) => user.id}
      columns={(c) => [
        {
          header: "Email",
          sorts: { email: "ascending" },
          cell: (user) => (
            <>
              <span className="break-all">{user.email ?? "—"}</span>{" "}
              {user.suspendedAt ? <Pill tone="red">Suspended</Pill> : null}
            </>
          ),
        },
        { header: "Username", sorts: { username: "ascending" }, cell: (user) => user.username ?? "—" },
        {
          header: "Role",
          cell: (user) =>
            user.id === actorId ? (
              <span>{user.role} (you)</span>
            ) : (
              <Form method="post" className="flex items-end gap-2" preventScrollReset>
                <input type="hidden" name="target" value={user.id} />
                <SelectField
                  compact
                  hideLabel
                  label={`Role of ${user.email ?? user.username}`}
                  name="role"
                  defaultValue={user.role}
                  options={ROLE_CHOICES}
                />
                <SubmitButton variant="secondary" name="intent" value="set-role" className="px-3 py-1">
                  Set
                </SubmitButton>
              </Form>
            ),
        },
        c.time("Joined", (user) => user.createdAt),
        {
          header: "Actions",
          cell: (user) =>
            user.id === actorId ? null : user.suspendedAt ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="target" value={user.id} />
                <SubmitButton variant="secondary" name="intent" value="reinstate" className="px-3 py-1">
                  Reinstate
                </SubmitButton>
              </Form>
            ) : (
              <ConfirmLink intent="suspend" target={user.id}>
                Suspend
              </ConfirmLink>
            ),
        },
      ]}
    />
  );
}
