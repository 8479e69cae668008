/** The username, else the email before the at-sign, else "User". */
export function displayName(user: { username: string | null; email: string | null | undefined }) {
  if (user.username) return user.username;
  const local = user.email?.split("@")[0];
  return local || "User";
}
