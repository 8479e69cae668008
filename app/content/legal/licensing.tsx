import { LICENSES, type License } from "~/catalog/clips/attributes";
import { Link } from "~/components/link";
import { LICENSING_LAST_UPDATED, PRODUCT_NAME, STANDARD_LICENSE_VIEW_CAP } from "~/constants";
import { attributionLine, LICENSE_TERMS } from "~/licensing/license-terms";
import { MailLink } from "../components/mail-link";
import { LicensingSection } from "./licensing-translated";
import type { LegalDocument } from "./types";

export const LICENSING_TITLE = "Video Licensing";

/** The titles of the plans on /pricing that grant each license (the `license_kind` of the plan table). */
export type LicensePlans = Record<License, readonly string[]>;

/** The plan names as written, for a license that no plan in the database grants. */
export const LICENSE_PLANS: LicensePlans = {
  standard: LICENSE_TERMS.standard.plans,
  extended: LICENSE_TERMS.extended.plans,
};

/** The plan titles read from the database, each license falling back to the written names when none grants it. */
export function licensePlansFrom(titles: Partial<Record<License, readonly string[]>>): LicensePlans {
  return Object.fromEntries(
    LICENSES.map((license) => {
      const found = titles[license] ?? [];
      return [license, found.length > 0 ? found : LICENSE_PLANS[license]];
    }),
  ) as LicensePlans;
}

/** "Creator plan", "Business and Pro plans", "A, B and C plans". */
export function plansPhrase(plans: readonly string[]): string {
  const names =
    plans.length > 1 ? `${plans.slice(0, -1).join(", ")} and ${plans[plans.length - 1]}` : (plans[0] ?? "");
  return `${names} ${plans.length > 1 ? "plans" : "plan"}`;
}

export { attributionLine };

function LicenseCard({
  name,
  plans,
  bestFor,
  allowed,
  notAllowed,
}: {
  name: string;
  plans: readonly string[];
  bestFor: string;
  allowed: readonly string[];
  notAllowed: readonly string[];
}) {
  return (
    <div className="rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
      <h3 className="!pt-0 text-lg">{name}</h3>
      <p className="!mt-1 text-sm">
        Included in the {plansPhrase(plans)}. Best for {bestFor}.
      </p>
      <p className="!mt-4 text-sm font-semibold text-brand-800 dark:text-brand-300">You can</p>
      <ul className="!mt-1 !list-none !pl-0 text-sm">
        {allowed.map((item) => (
          <li key={item} className="flex gap-2 !pl-0">
            <span aria-hidden className="text-brand-700 dark:text-brand-400">
              ✓
            </span>
            {item}
          </li>
        ))}
      </ul>
      <p className="!mt-4 text-sm font-semibold text-red-800 dark:text-red-300">You can't</p>
      <ul className="!mt-1 !list-none !pl-0 text-sm">
        {notAllowed.map((item) => (
          <li key={item} className="flex gap-2 !pl-0">
            <span aria-hidden className="text-red-700 dark:text-red-400">
              ✕
            </span>
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The licensing page, naming the plans that grant each license. */
export function licensingDocument(plans: LicensePlans): LegalDocument {
  const document = writtenLicensingDocument(plans);
  return {
    ...document,
    sections: document.sections.map((section) => ({
      ...section,
      translated: <LicensingSection id={section.id} plans={plans} />,
    })),
  };
}

function writtenLicensingDocument(plans: LicensePlans): LegalDocument {
  return {
    title: LICENSING_TITLE,
    subtitle: "Simple, transparent licensing for creators and users.",
    titleKey: "legal.licensing.title",
    subtitleKey: "legal.licensing.subtitle",
    path: "/licensing",
    lastUpdated: LICENSING_LAST_UPDATED,
    sections: [
      {
        id: "introduction",
        title: "Introduction",
        titleKey: "legal.licensing.introduction",
        body: (
          <>
            <p>
              Every clip on {PRODUCT_NAME} is filmed by an independent creator. This page explains, in plain
              words, what you may do with a clip once you have licensed it, what you may not do, and what
              happens if something goes wrong.
            </p>
            <p>
              It is part of our <Link to="/terms">Terms of Service</Link>. If anything here is unclear, write
              to us before you use a clip. We would rather answer a question than sort out a misunderstanding
              later.
            </p>
          </>
        ),
      },
      {
        id: "what-licensing-means",
        title: "What Licensing Means",
        titleKey: "legal.licensing.whatLicensingMeans",
        body: (
          <>
            <p>
              Videos on {PRODUCT_NAME} are <strong>licensed, not sold</strong>. When you license a clip you
              get the right to use it in your own projects within the limits of your license. The creator
              still owns the video and keeps the copyright.
            </p>
            <ul>
              <li>
                <strong>Non-exclusive:</strong> the creator may license the same clip to other people too.
              </li>
              <li>
                <strong>Worldwide:</strong> you can use the clip in any country.
              </li>
              <li>
                <strong>Lasting:</strong> a project you published while your license was valid can stay
                published after your plan ends.
              </li>
              <li>
                <strong>Personal to you:</strong> the license belongs to the person or company named on the
                order. You can use a clip in work you make for a client, and the client can use that finished
                work, but you can't hand over the clip file itself.
              </li>
            </ul>
          </>
        ),
      },
      {
        id: "license-types",
        title: "Our License Types",
        titleKey: "legal.licensing.licenseTypes",
        body: (
          <>
            <p>
              There are two licenses. Which one you get depends on the plan you choose on the{" "}
              <Link to="/pricing">Pricing page</Link>.
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              <LicenseCard {...LICENSE_TERMS.standard} plans={plans.standard} />
              <LicenseCard {...LICENSE_TERMS.extended} plans={plans.extended} />
            </div>
            <p>
              If a project on the Standard License grows past {STANDARD_LICENSE_VIEW_CAP} views, or turns into
              a TV spot or a large paid campaign, move to a plan with the Extended License before you use the
              clip further.
            </p>
            <h3>Exclusive rights</h3>
            <p>
              Neither license is exclusive. If you need a clip that nobody else may use, we can arrange a
              custom agreement with its creator. Email <MailLink subject="Exclusive rights request" /> with a
              link to the clip and a few words about your project, and we will come back to you with terms and
              a price.
            </p>
          </>
        ),
      },
      {
        id: "ownership",
        title: "License Ownership and Copyright",
        titleKey: "legal.licensing.ownership",
        body: (
          <>
            <p>
              The creator keeps the copyright in every clip. By uploading to {PRODUCT_NAME}, creators let us
              license their work to you on their behalf, under the terms on this page.
            </p>
            <p>
              What you own is your license: the right to use the clip as described here. You also own the new
              work you make with it, such as your edit, your film or your ad, but not the clip inside it. You
              may not register the clip, or a work built mainly from it, as your own copyright, and you may
              not sublicense or transfer your license to someone else.
            </p>
          </>
        ),
      },
      {
        id: "attribution",
        title: "Attribution",
        titleKey: "legal.licensing.attribution",
        body: (
          <>
            <p>
              Credit is optional. You never have to name the creator, but creators appreciate it, and it helps
              other people find their work. If you would like to credit a clip, use this form:
            </p>
            <p className="rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-3 font-mono text-sm text-zinc-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200">
              {attributionLine("{creator username}")}
            </p>
            <p>
              The creator's username is shown on the clip's page. For example: “{attributionLine("mayalens")}
              ”.
            </p>
          </>
        ),
      },
      {
        id: "prohibited-uses",
        title: "Prohibited Uses",
        titleKey: "legal.licensing.prohibitedUses",
        body: (
          <>
            <p>Whatever your license, you may not use a clip:</p>
            <ul>
              <li>
                to resell or redistribute it, <strong>even if you have modified it</strong>, for example as
                stock footage, in a template or in an asset pack;
              </li>
              <li>in pornographic, hateful or violent content;</li>
              <li>
                to make deepfakes, or to suggest that a person who appears in a clip endorses something or did
                something they did not;
              </li>
              <li>in misleading political content or other harmful media, such as disinformation;</li>
              <li>as part of a trademark or brand logo;</li>
              <li>in NFT or other blockchain projects, including minting a clip or a work built from it.</li>
            </ul>
            <p>
              Breaking these rules ends your license for the clip concerned. It may also lead us to close your
              account, and the creator or {PRODUCT_NAME} may take legal action.
            </p>
          </>
        ),
      },
      {
        id: "refunds",
        title: "Refunds and Disputes",
        titleKey: "legal.licensing.refunds",
        body: (
          <>
            <p>
              A clip can be used as soon as it has been downloaded, so refunds are not automatic after
              download. We will refund, or replace the file if you prefer, when:
            </p>
            <ol>
              <li>the file is corrupted and will not open or play;</li>
              <li>
                the file has missing content, for example it is shorter than described or lacks part of the
                preview;
              </li>
              <li>you were charged more than once for the same video.</li>
            </ol>
            <p>
              A refund of a whole order ends the licenses made with it, as at other stock sites: from the day
              of the refund the clips may no longer be used under them, and their certificates' public pages
              say so. A partial refund leaves the order and its licenses as they are.
            </p>
            <p>
              Email <MailLink subject="Refund request" /> with your order number, a link to the clip and a
              short description of the problem. We aim to answer within two working days.
            </p>
            <p>
              Nothing is charged when you place an order: it stays pending until you pay. If you change your
              mind before paying, tell us and we will cancel it. If you disagree with a decision we have made,
              reply to our email and someone else on the team will review it. None of this affects your rights
              as a consumer under the law.
            </p>
          </>
        ),
      },
      {
        id: "free-content",
        title: "Using Free or Promotional Content",
        titleKey: "legal.licensing.freeContent",
        body: (
          <p>
            From time to time we offer clips for free or as part of a promotion. Unless the offer says
            otherwise in writing, free and promotional downloads follow the <strong>Standard License</strong>,
            with all its limits. A promo code lowers the price of a plan; it does not change the license the
            plan grants.
          </p>
        ),
      },
      {
        id: "reporting",
        title: "Reporting Misuse or Copyright Issues",
        titleKey: "legal.licensing.reporting",
        body: (
          <>
            <p>
              If you believe a clip is being used in breach of its license, or that a clip on {PRODUCT_NAME}{" "}
              infringes your copyright, email <MailLink subject="Misuse or copyright report" /> with:
            </p>
            <ul>
              <li>the link to the video on {PRODUCT_NAME}, and where it is being misused if you know;</li>
              <li>a description of the problem;</li>
              <li>proof of ownership, such as the original files, raw footage or an earlier publication.</li>
            </ul>
            <p>
              We review every report, may take a clip down while we look into it, and will tell you what we
              have done.
            </p>
          </>
        ),
      },
      {
        id: "legal-summary",
        title: "Legal Summary",
        titleKey: "legal.licensing.legalSummary",
        body: (
          <>
            <ul>
              <li>Videos are licensed, not sold. The creator keeps the copyright.</li>
              <li>
                Standard License ({plansPhrase(plans.standard)}): social media, websites and digital
                marketing, up to {STANDARD_LICENSE_VIEW_CAP} views. No TV, film or large-scale paid
                advertising.
              </li>
              <li>
                Extended License ({plansPhrase(plans.extended)}): unlimited reach, including ads, film,
                streaming, broadcast, in-store displays and billboards.
              </li>
              <li>
                No license allows reselling or redistributing clips, claiming their copyright, or the
                prohibited uses above. Exclusive rights need a custom agreement.
              </li>
              <li>Attribution is optional.</li>
              <li>Refunds after download only for corrupted files, missing content or duplicate charges.</li>
            </ul>
            <p>
              {PRODUCT_NAME} takes no liability for misuse of a clip after it has been downloaded. You are
              responsible for using clips within your license and the law. This summary is here for
              convenience; the sections above and our <Link to="/terms">Terms of Service</Link> are what
              apply.
            </p>
          </>
        ),
      },
      {
        id: "contact",
        title: "Contact Us",
        titleKey: "legal.licensing.contact",
        body: (
          <p>
            Questions about licensing, exclusive rights or refunds? Email <MailLink />, or send us a message
            through the <Link to="/contact">contact page</Link> when you are logged in. A person on our team
            reads every message.
          </p>
        ),
      },
    ],
  };
}

/** The page with the plan names as written: its sections (ids, titles) are the same whatever the plans. */
export const LICENSING = licensingDocument(LICENSE_PLANS);
