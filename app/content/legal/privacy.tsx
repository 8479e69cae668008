import { Link } from "~/components/link";
import {
  COMPANY_COUNTRY,
  LEGAL_LAST_UPDATED,
  MIN_AGE,
  PASSWORD_RESET_LINK_MINUTES,
  PRODUCT_NAME,
  RATE_LIMIT_RETENTION_DAYS,
  SERVER_LOG_RETENTION_DAYS,
  SESSION_LIFETIME_DAYS,
  THEME_STORAGE_KEY,
} from "~/constants";
import { MailLink } from "../components/mail-link";
import { PrivacySection } from "./privacy-translated";
import type { LegalDocument } from "./types";

/** What the browser keeps for Verdeo: the cookies and local storage the app actually sets. */
export const BROWSER_STORAGE = [
  {
    name: "better-auth.session_token",
    kind: "Cookie (HttpOnly)",
    purpose: "Keeps you logged in. Strictly necessary.",
    lasts: `until you log out, or ${SESSION_LIFETIME_DAYS} days without a visit`,
  },
  {
    name: THEME_STORAGE_KEY,
    kind: "Local storage and cookie",
    purpose:
      "Remembers light or dark mode. The cookie copy lets our server send the page in your theme, so it does not flash.",
    lasts: "one year, or until you clear it",
  },
  {
    name: "verdeo_checkout",
    kind: "Cookie (HttpOnly)",
    purpose: "Holds the plan you chose and, after checkout, your order number. Strictly necessary.",
    lasts: "until you close your browser",
  },
  {
    name: "verdeo_toast",
    kind: "Cookie (HttpOnly)",
    purpose: "Carries a short confirmation message, such as “Profile updated”, to the next page.",
    lasts: "until the message has been shown",
  },
] as const;

const WRITTEN_PRIVACY: LegalDocument = {
  title: "Privacy Policy",
  subtitle: `What ${PRODUCT_NAME} stores about you, why, for how long, and how to get it changed or deleted.`,
  titleKey: "legal.privacy.title",
  subtitleKey: "legal.privacy.subtitle",
  path: "/privacy",
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: "introduction",
      title: "Who We Are",
      titleKey: "legal.privacy.introduction",
      body: (
        <>
          <p>
            {PRODUCT_NAME} is a stock-video marketplace run by a small team based in {COMPANY_COUNTRY}. We are
            the controller of the personal data described here, which means we decide what is collected and
            are responsible for looking after it.
          </p>
          <p>
            We collect as little as we can to run the service, we do not sell personal data, and we do not use
            advertising or analytics trackers. For anything about your data, email <MailLink />.
          </p>
        </>
      ),
    },
    {
      id: "information-we-collect",
      title: "What We Collect",
      titleKey: "legal.privacy.informationWeCollect",
      body: (
        <>
          <ul>
            <li>
              <strong>Your account:</strong> email address, name, username, profile picture, role (user,
              creator or developer) and whether you prefer light or dark mode. A profile picture you upload is
              re-encoded on our server, which removes hidden metadata such as location. Your password is never
              stored: we keep only a one-way scrypt hash of it.
            </li>
            <li>
              <strong>Google or GitHub sign-in:</strong> if you choose it, the provider sends us your account
              id with them, your name, email address and profile picture, and sign-in tokens. We copy that
              picture to our own storage once, re-encoded like an upload, so your pages never load it from the
              provider.
            </li>
            <li>
              <strong>Sessions:</strong> when you log in, a session record with a random session token, your
              IP address, your browser's user agent and when the session expires.
            </li>
            <li>
              <strong>Saved videos:</strong> the clips you save for later.
            </li>
            <li>
              <strong>Orders:</strong> for each pending order, your email address, company (if given),
              country, the plan, the amounts, any promo code and, if you were logged in, your account.
            </li>
            <li>
              <strong>Messages:</strong> what you send through the <Link to="/contact">contact page</Link>,
              with your username and email address.
            </li>
            <li>
              <strong>Rate-limit counters:</strong> to stop abuse such as password guessing, we count recent
              requests to sign-in, sign-up, checkout and similar actions, keyed by IP address or account.
            </li>
            <li>
              <strong>Server logs:</strong> for every request, the method, path and query string (for example
              your search words), status, timing, a request id and your IP address.
            </li>
            <li>
              <strong>Password-reset emails:</strong> if you ask for one, a single-use link that works for{" "}
              {PASSWORD_RESET_LINK_MINUTES} minutes.
            </li>
          </ul>
          <p>
            Clips, previews and images are served from {PRODUCT_NAME} itself, not from third-party media
            hosts, so watching a preview does not tell anyone else what you looked at.
          </p>
        </>
      ),
    },
    {
      id: "how-we-use",
      title: "How and Why We Use It",
      titleKey: "legal.privacy.howWeUse",
      body: (
        <ul>
          <li>
            <strong>To provide the service you asked for</strong> (your account, saved videos, orders and
            replies to your messages). The legal basis is our contract with you.
          </li>
          <li>
            <strong>To keep {PRODUCT_NAME} secure and working</strong> (sessions, rate limits and server
            logs). The legal basis is our legitimate interest in protecting you, other users and the service.
          </li>
          <li>
            <strong>To keep accounting records</strong> of orders that were paid, because tax law requires it.
            The legal basis is our legal obligation.
          </li>
        </ul>
      ),
    },
    {
      id: "cookies",
      title: "Cookies and Local Storage",
      titleKey: "legal.privacy.cookies",
      body: (
        <>
          <p>
            We use only the cookies and browser storage below. None of them tracks you across other websites,
            and none is used for advertising, so we do not ask for cookie consent.
          </p>
          <ul className="!list-none !space-y-0 !pl-0 grid gap-3 sm:grid-cols-2">
            {BROWSER_STORAGE.map((item) => (
              <li
                key={item.name}
                className="!pl-0 rounded-xl border border-zinc-200 p-4 text-sm dark:border-zinc-800"
              >
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <code className="font-mono text-xs font-semibold text-zinc-900 dark:text-zinc-100">
                    {item.name}
                  </code>
                  <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                    {item.kind}
                  </span>
                </p>
                <p className="!mt-2">{item.purpose}</p>
                <p className="!mt-1 text-zinc-600 dark:text-zinc-400">Kept: {item.lasts}</p>
              </li>
            ))}
          </ul>
          <p>
            When you sign in with Google or GitHub, the sign-in library also sets a short-lived cookie that
            protects the sign-in against forgery; it is removed when sign-in completes.
          </p>
        </>
      ),
    },
    {
      id: "sharing",
      title: "Who Processes Your Data",
      titleKey: "legal.privacy.sharing",
      body: (
        <>
          <p>We share personal data only with the service providers that help us run {PRODUCT_NAME}:</p>
          <ul>
            <li>
              <strong>Our hosting provider</strong>, which runs our servers and database.
            </li>
            <li>
              <strong>Our email delivery provider</strong>, which sends password-reset emails and our replies.
            </li>
            <li>
              <strong>Google or GitHub</strong>, only if you choose to sign in with them.
            </li>
          </ul>
          <p>
            They process data only on our instructions and under data-processing agreements. Payment is not
            taken on our site: after you place a pending order, our team arranges payment with you by email,
            and the payment service involved handles your payment details under its own privacy policy.
          </p>
          <p>
            We disclose data to authorities only when the law requires it. We never sell personal data or
            share it with advertisers.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      title: "How Long We Keep It",
      titleKey: "legal.privacy.retention",
      body: (
        <ul>
          <li>
            <strong>Account, profile and saved videos:</strong> until you delete them or close your account.
          </li>
          <li>
            <strong>Sessions:</strong> until you log out, or {SESSION_LIFETIME_DAYS} days after your last
            visit.
          </li>
          <li>
            <strong>Paid orders:</strong> six years after the end of the year of the order, as{" "}
            {COMPANY_COUNTRY} tax law requires. Pending orders that are never paid are deleted after twelve
            months.
          </li>
          <li>
            <strong>Messages:</strong> for as long as we need them to help you, and no more than two years.
          </li>
          <li>
            <strong>Rate-limit counters:</strong> at most {RATE_LIMIT_RETENTION_DAYS} days.
          </li>
          <li>
            <strong>Server logs:</strong> {SERVER_LOG_RETENTION_DAYS} days.
          </li>
          <li>
            <strong>Password-reset links:</strong> they stop working after {PASSWORD_RESET_LINK_MINUTES}{" "}
            minutes or once used.
          </li>
        </ul>
      ),
    },
    {
      id: "security",
      title: "How We Protect It",
      titleKey: "legal.privacy.security",
      body: (
        <p>
          Connections to {PRODUCT_NAME} are encrypted with HTTPS. Passwords are stored only as scrypt hashes,
          session cookies cannot be read by scripts on the page, uploaded images are re-encoded, and sign-in
          and other sensitive actions are rate-limited. Only the members of our team who need it can reach the
          database. If a breach ever puts your data at risk, we will tell you and the supervisory authority as
          the law requires.
        </p>
      ),
    },
    {
      id: "your-rights",
      title: "Your Rights",
      titleKey: "legal.privacy.yourRights",
      body: (
        <>
          <p>Under the General Data Protection Regulation (GDPR) you have the right to:</p>
          <ul>
            <li>
              <strong>access</strong> the personal data we hold about you and get a copy;
            </li>
            <li>
              <strong>rectification</strong>: have wrong data corrected (you can change your username and
              picture yourself on your profile);
            </li>
            <li>
              <strong>erasure</strong>: have your data deleted;
            </li>
            <li>
              <strong>portability</strong>: receive your data in a common, machine-readable format;
            </li>
            <li>
              <strong>restriction and objection</strong>: ask us to limit or stop using your data where we
              rely on our legitimate interests;
            </li>
            <li>
              <strong>complain</strong> to a supervisory authority. In {COMPANY_COUNTRY} that is the
              Commissioner for Personal Data Protection; you can also contact the authority where you live.
            </li>
          </ul>
          <p>
            To use any of these rights, email <MailLink subject="Privacy request" /> from the address on your
            account. We answer within one month, and it is free. If we need to confirm it is really you, we
            will ask before we act.
          </p>
        </>
      ),
    },
    {
      id: "children",
      title: "Children",
      titleKey: "legal.privacy.children",
      body: (
        <p>
          {PRODUCT_NAME} is not meant for children. You must be at least {MIN_AGE} years old to create an
          account, and we do not knowingly collect personal data from anyone younger. If you believe a child
          under {MIN_AGE} has given us their data, email <MailLink /> and we will delete it.
        </p>
      ),
    },
    {
      id: "international-transfers",
      title: "International Transfers",
      titleKey: "legal.privacy.internationalTransfers",
      body: (
        <p>
          We keep your data in the European Union where we can. Some providers, such as Google and GitHub if
          you sign in with them, may process data in other countries. When data leaves the European Economic
          Area, we rely on an adequacy decision of the European Commission or on its Standard Contractual
          Clauses to keep it protected.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to This Policy",
      titleKey: "legal.privacy.changes",
      body: (
        <p>
          When we change how we handle personal data, we update this page and the date at the top. If the
          change is significant, we will tell you by email or on the site before it takes effect.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact Us",
      titleKey: "legal.privacy.contact",
      body: (
        <p>
          Questions or requests about your privacy: email <MailLink />, or send us a message from the{" "}
          <Link to="/contact">contact page</Link> when you are logged in.
        </p>
      ),
    },
  ],
};

/** The policy as written (English), each section with its translation for translated pages. */
export const PRIVACY: LegalDocument = {
  ...WRITTEN_PRIVACY,
  sections: WRITTEN_PRIVACY.sections.map((section) => ({
    ...section,
    translated: <PrivacySection id={section.id} />,
  })),
};
