import { findPeopleByIds } from "./people.queries.server";

/** How a person is named to the team: email, else username, else a short id. */
export type PersonName = { id: string; name: string; email: string | null; username: string | null };

/** Names of accounts by id, for pages that list what people did (the staff audit log). */
export async function namePeople(ids: readonly string[]): Promise<Map<string, PersonName>> {
  const rows = await findPeopleByIds([...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, { ...row, name: row.email ?? row.username ?? row.id }]));
}

export { findPersonIdByEmailOrUsername } from "./people.queries.server";
