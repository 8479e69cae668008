import { Link } from "react-router";
import type { HeaderUser } from "./header-user";

/** Placeholder until the accounts issue builds the dropdown (My Profile, Log Out, role badge). */
export function UserMenu({ user }: { user: HeaderUser }) {
  return (
    <Link to="/profile" className="max-w-[100px] truncate text-sm font-medium">
      {user.displayName}
    </Link>
  );
}
