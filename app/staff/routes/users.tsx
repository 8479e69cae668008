import { Form } from "react-router";
import { z } from "zod";
import { requirePermission } from "~/accounts/permissions.server";
import { ROLES } from "~/accounts/roles";
import { listUsers, setUserRole, setUserSuspended, USER_SORTS } from "~/accounts/user-admin.server";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/form-reply";
import { parseForm, replyWith } from "~/platform/forms.server";
import { redirectWithToast } from "~/platform/toast.server";
import { notFound, requireConfirmed } from "../action.server";
import { ConfirmLink, ConfirmPanel, useConfirmStep } from "../components/confirm";
import {
  cellClass,
  ErrorNote,
  FilterBar,
  fieldClass,
  formatDateTime,
  Pagination,
  Pill,
  plainHeader,
  rowClass,
  SortHeader,
  StaffPageHeader,
  StaffTable,
  SubmitButton,
  theadClass,
} from "../components/staff-ui";
import { ListSearchSchema, listFilter, listQuerySchema, searchParamsOf } from "../list-query";
import { withoutConfirm } from "../list-url";
import { STAFF_TEXTS } from "../texts";
import type { Route } from "./+types/users";

export const meta = () => pageMeta("Users · Staff", "Search users, change roles, suspend accounts.");

const UserListSchema = listQuerySchema(
  { q: ListSearchSchema, role: listFilter(ROLES), state: listFilter(["active", "suspended"]) },
  { sorts: USER_SORTS, defaultSort: "newest" },
);

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
    <main>
      <StaffPageHeader
        title="Users"
        description="Search by email or username; change a role; suspend or reinstate an account."
      />
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
      <FilterBar
        q={filter.q}
        placeholder="Email or username"
        selects={[
          {
            name: "role",
            label: "Role",
            value: filter.role ?? "",
            options: [
              { value: "", label: "Any role" },
              ...ROLES.map((role) => ({ value: role, label: role })),
            ],
          },
          {
            name: "state",
            label: "State",
            value: filter.state ?? "",
            options: [
              { value: "", label: "Any" },
              { value: "active", label: "Active" },
              { value: "suspended", label: "Suspended" },
            ],
          },
        ]}
        extra={<input type="hidden" name="sort" value={filter.sort} />}
      />
      <StaffTable caption="Users">
        <thead className={theadClass}>
          <tr>
            <SortHeader label="Email" sort="email" current={filter.sort} />
            <SortHeader label="Username" sort="username" current={filter.sort} />
            <th scope="col" className={plainHeader}>
              Role
            </th>
            <SortHeader label="Joined" sort="newest" current={filter.sort} />
            <th scope="col" className={plainHeader}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {users.rows.map((user) => (
            <tr key={user.id} className={rowClass}>
              <td className={cellClass}>
                <span className="whitespace-nowrap">{user.email ?? "—"}</span>{" "}
                {user.suspendedAt ? <Pill tone="red">Suspended</Pill> : null}
              </td>
              <td className={cellClass}>{user.username ?? "—"}</td>
              <td className={cellClass}>
                {user.id === actorId ? (
                  <span>{user.role} (you)</span>
                ) : (
                  <Form method="post" className="flex items-center gap-2" preventScrollReset>
                    <input type="hidden" name="target" value={user.id} />
                    <label className="sr-only" htmlFor={`role-${user.id}`}>
                      Role of {user.email}
                    </label>
                    <select
                      id={`role-${user.id}`}
                      name="role"
                      defaultValue={user.role}
                      className={`${fieldClass} w-auto py-1`}
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                    <SubmitButton variant="secondary" name="intent" value="set-role" className="px-3 py-1">
                      Set
                    </SubmitButton>
                  </Form>
                )}
              </td>
              <td className={cellClass}>{formatDateTime(user.createdAt)}</td>
              <td className={cellClass}>
                {user.id === actorId ? null : user.suspendedAt ? (
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
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </StaffTable>
      <Pagination page={users} />
    </main>
  );
}
