import { SUPPORT_EMAIL } from "~/constants";

/** A mailto link, to the support address unless told otherwise; the subject pre-fills the email. */
export function MailLink({ to = SUPPORT_EMAIL, subject }: { to?: string; subject?: string }) {
  const href = subject ? `mailto:${to}?subject=${encodeURIComponent(subject)}` : `mailto:${to}`;
  return <a href={href}>{to}</a>;
}
