import { data } from "react-router";
import { pageMeta } from "~/components/meta";
import { NotFoundPage } from "../error-page";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => pageMeta("Page not found", "This page doesn't exist (yet).");

export default function NotFound() {
  return <NotFoundPage />;
}
