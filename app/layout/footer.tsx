import { Link } from "react-router";
import { Logo } from "~/components/logo";
import { copyrightYear, PRODUCT_NAME, SUPPORT_EMAIL } from "~/constants";
import { CurrencySwitcher } from "~/payments/components/currency-switcher";
import type { Currency } from "~/payments/currencies";

const COLUMNS = [
  {
    title: "Product",
    links: [
      { to: "/videos", label: "Explore Videos" },
      { to: "/pricing", label: "Pricing" },
      { to: "/search?q=Nature", label: "Search" },
      { to: "/creators-hub", label: "For Creators" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/creators-hub", label: "Creators Hub" },
      { to: "/contact", label: "Contact Us" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/licensing", label: "Video Licensing" },
    ],
  },
] as const;

export function Footer({ currency }: { currency: Currency }) {
  return (
    <footer className="border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="mx-auto grid max-w-[1400px] gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-zinc-600 dark:text-zinc-400">
            Professional stock video for brand ads, website heroes and social reels.
          </p>
          <CurrencySwitcher current={currency} id="footer" className="pt-2" />
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-zinc-600 hover:text-brand-700 dark:text-zinc-400 dark:hover:text-brand-400"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="text-sm font-semibold">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="text-zinc-600 hover:text-brand-700 dark:text-zinc-400 dark:hover:text-brand-400"
              >
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li>
              <Link
                to="/contact"
                className="text-zinc-600 hover:text-brand-700 dark:text-zinc-400 dark:hover:text-brand-400"
              >
                Contact Us
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-zinc-200 py-6 text-center text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        © <span suppressHydrationWarning>{copyrightYear()}</span> {PRODUCT_NAME}. All rights reserved.
      </div>
    </footer>
  );
}
