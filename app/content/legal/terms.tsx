import { Link } from "~/components/link";
import {
  COMPANY_COUNTRY,
  CURRENCY,
  LEGAL_LAST_UPDATED,
  MIN_AGE,
  PRO_ANNUAL_DISCOUNT_PERCENT,
  PRODUCT_NAME,
  STANDARD_LICENSE_VIEW_CAP,
  USERNAME_MAX,
  USERNAME_MIN,
  VAT_RATE_BPS,
} from "~/constants";
import { MailLink } from "../components/mail-link";
import { LICENSE_PLANS, type LicensePlans, plansPhrase } from "./licensing";
import { TermsSection } from "./terms-translated";
import type { LegalDocument } from "./types";

const VAT_PERCENT = VAT_RATE_BPS / 100;

/** The terms, naming the plans that grant each license. */
export function termsDocument(plans: LicensePlans): LegalDocument {
  const document = writtenTermsDocument(plans);
  return {
    ...document,
    sections: document.sections.map((section) => ({
      ...section,
      translated: <TermsSection id={section.id} plans={plans} />,
    })),
  };
}

function writtenTermsDocument(plans: LicensePlans): LegalDocument {
  return {
    title: "Terms of Service",
    subtitle: `The agreement between you and ${PRODUCT_NAME} when you browse, sign up or license a clip.`,
    titleKey: "legal.terms.title",
    subtitleKey: "legal.terms.subtitle",
    path: "/terms",
    lastUpdated: LEGAL_LAST_UPDATED,
    sections: [
      {
        id: "acceptance",
        title: "Acceptance of These Terms",
        titleKey: "legal.terms.acceptance",
        body: (
          <>
            <p>
              These terms apply whenever you use {PRODUCT_NAME}: when you browse clips, create an account,
              place an order or send us a message. By doing any of those things you agree to them. Our{" "}
              <Link to="/licensing">Video Licensing</Link> page and our{" "}
              <Link to="/privacy">Privacy Policy</Link> are part of this agreement.
            </p>
            <p>
              If you use {PRODUCT_NAME} for a company, you confirm that you may accept these terms on its
              behalf, and “you” means that company as well as you.
            </p>
          </>
        ),
      },
      {
        id: "the-service",
        title: "What We Offer",
        titleKey: "legal.terms.theService",
        body: (
          <>
            <p>
              {PRODUCT_NAME} is a marketplace for stock video. Independent creators publish clips, and we
              license those clips to buyers for brand ads, websites, social media, film and more. Clips are{" "}
              <strong>licensed, not sold</strong>: the creator keeps the copyright.
            </p>
            <p>
              Anyone can browse, search and preview clips without an account. Some features are still being
              built, such as uploading by creators and in-app downloads; we say so on the pages concerned and
              will not charge you for a feature that is not available. We may change, add or remove features
              over time, and we will tell you in advance about any change that affects something you have paid
              for.
            </p>
          </>
        ),
      },
      {
        id: "accounts",
        title: "Your Account",
        titleKey: "legal.terms.accounts",
        body: (
          <>
            <p>
              You can create an account with your email address and a password, or sign in with Google or
              GitHub. You must be at least {MIN_AGE} years old to create an account. If you are under 18, you
              need the permission of a parent or guardian to place an order.
            </p>
            <ul>
              <li>
                Your username must be {USERNAME_MIN} to {USERNAME_MAX} characters long and may use letters,
                numbers, underscores and periods. It is shown publicly on your profile, so usernames that are
                offensive or impersonate someone else are not allowed.
              </li>
              <li>
                Give us an email address you read: it is how we reach you about orders and your account.
              </li>
              <li>
                Keep your password to yourself. You are responsible for what happens in your account; if you
                think someone else has used it, reset your password and tell us straight away.
              </li>
            </ul>
            <p>
              Accounts have a role. Most people are users; creators publish clips; developers are members of
              the {PRODUCT_NAME} team. Creator and developer roles are given by us.
            </p>
          </>
        ),
      },
      {
        id: "orders-and-payment",
        title: "Plans, Orders and Payment",
        titleKey: "legal.terms.ordersAndPayment",
        body: (
          <>
            <p>
              Our plans and their prices are listed on the <Link to="/pricing">Pricing page</Link>. Prices are
              in euros ({CURRENCY}) or in the currency you choose, and exclude tax; the VAT or sales tax of
              your country (or {VAT_PERCENT}% {COMPANY_COUNTRY} VAT in {COMPANY_COUNTRY}) is added at checkout
              and shown before you confirm. You do not need an account to check out.
            </p>
            <ol>
              <li>
                <strong>You place a pending order.</strong> At checkout you give your email address (and, if
                you like, your company) and confirm the order. No payment is taken at this point.
              </li>
              <li>
                <strong>We contact you to complete payment.</strong> A member of our team emails you at the
                address on the order with the amount due and how to pay.
              </li>
              <li>
                <strong>Your license starts when we receive payment.</strong> Until then, the order is pending
                and gives you no rights to use any clip. We confirm by email once payment has arrived.
              </li>
            </ol>
            <p>
              A promo code takes its discount off the price before VAT is added. Each order takes one code,
              and codes that have expired or been withdrawn cannot be used. The Pro plan can be billed monthly
              or annually; annual billing costs twelve months less {PRO_ANNUAL_DISCOUNT_PERCENT}%. Nothing
              renews without a new payment: we will get in touch before a period ends.
            </p>
            <p>
              You can cancel a pending order at any time before you pay by telling us. Refunds after payment
              follow the <Link to="/licensing#refunds">Refunds and Disputes</Link> section of our licensing
              page.
            </p>
          </>
        ),
      },
      {
        id: "licenses",
        title: "Licenses to Use Videos",
        titleKey: "legal.terms.licenses",
        body: (
          <>
            <p>
              What you may do with a clip is set out on our <Link to="/licensing">Video Licensing</Link> page.
              In short:
            </p>
            <ul>
              <li>
                the {plansPhrase(plans.standard)} {grant(plans.standard)} the{" "}
                <strong>Standard License</strong>, for social media, websites and digital marketing up to{" "}
                {STANDARD_LICENSE_VIEW_CAP} views;
              </li>
              <li>
                the {plansPhrase(plans.extended)} {grant(plans.extended)} the{" "}
                <strong>Extended License</strong>, with unlimited reach, including paid ads, film, streaming,
                broadcast and billboards;
              </li>
              <li>no license lets you resell or redistribute clips, or claim their copyright;</li>
              <li>exclusive rights need a separate written agreement.</li>
            </ul>
            <p>
              If these terms and the licensing page ever seem to differ about a license, the licensing page
              applies.
            </p>
          </>
        ),
      },
      {
        id: "creators",
        title: "Creators and Their Content",
        titleKey: "legal.terms.creators",
        body: (
          <>
            <p>
              Creators keep the copyright in everything they publish. By publishing a clip on {PRODUCT_NAME},
              a creator allows us to show it, to make previews of it, and to license it to buyers under the
              terms of our licensing page.
            </p>
            <p>
              A creator promises that they own the clip or have every right needed to license it, including
              releases from recognisable people and from the owners of private property shown in it. We may
              refuse or remove a clip that breaks these terms or the law. Uploading is not yet open to
              everyone; the <Link to="/creators-hub">Creators Hub</Link> explains what is coming.
            </p>
          </>
        ),
      },
      {
        id: "acceptable-use",
        title: "Acceptable Use",
        titleKey: "legal.terms.acceptableUse",
        body: (
          <>
            <p>When you use {PRODUCT_NAME}, please do not:</p>
            <ul>
              <li>
                use clips in any of the ways listed under{" "}
                <Link to="/licensing#prohibited-uses">Prohibited Uses</Link>
                {";"}
              </li>
              <li>
                copy clips or previews in bulk, scrape the site, or try to get around our limits on requests;
              </li>
              <li>try to break into accounts, our systems or our data, or disrupt the service for others;</li>
              <li>impersonate someone else, or send messages that are abusive, hateful or spam.</li>
            </ul>
          </>
        ),
      },
      {
        id: "termination",
        title: "Suspension and Termination",
        titleKey: "legal.terms.termination",
        body: (
          <>
            <p>
              You can stop using {PRODUCT_NAME} whenever you like. To close your account and have your
              personal data deleted, email <MailLink subject="Close my account" />.
            </p>
            <p>
              We may suspend or close an account that is used for a prohibited use, that breaks these terms or
              the law, or that puts other people or the service at risk. Where we can, we will warn you first
              and tell you why. If we close your account because of a breach of a license, the licenses
              concerned end too; otherwise work you published while your license was valid may stay published.
            </p>
          </>
        ),
      },
      {
        id: "liability",
        title: "Disclaimers and Liability",
        titleKey: "legal.terms.liability",
        body: (
          <>
            <p>
              We work hard to keep {PRODUCT_NAME} available and its clips accurately described, but the
              service is provided as it is, and we cannot promise that it will always be uninterrupted or free
              of errors.
            </p>
            <p>
              We are not liable for how a clip is used after it has been downloaded: you are responsible for
              using it within your license and the law. Apart from that, if we are liable to you, our total
              liability is limited to the amount you paid us in the twelve months before the claim.
            </p>
            <p>
              Nothing in these terms limits liability that the law does not allow to be limited, such as for
              fraud, or for death or personal injury caused by negligence, and nothing takes away your rights
              as a consumer.
            </p>
          </>
        ),
      },
      {
        id: "changes-and-law",
        title: "Changes and Governing Law",
        titleKey: "legal.terms.changesAndLaw",
        body: (
          <>
            <p>
              We may update these terms as {PRODUCT_NAME} grows. We will change the date at the top of this
              page, and if a change matters to you we will tell you by email or on the site at least 14 days
              before it applies. If you keep using {PRODUCT_NAME} after that, the new terms apply.
            </p>
            <p>
              These terms are governed by the laws of the Republic of {COMPANY_COUNTRY}, and its courts will
              hear any dispute. If you are a consumer, you also keep the protection of the mandatory laws of
              the country where you live, and may bring a claim there.
            </p>
          </>
        ),
      },
      {
        id: "contact",
        title: "Contact Us",
        titleKey: "legal.terms.contact",
        body: (
          <p>
            Questions about these terms? Send us a message from our <Link to="/contact">contact page</Link> or
            email <MailLink />. We are a small team and a person reads every message.
          </p>
        ),
      },
    ],
  };
}

const grant = (plans: readonly string[]) => (plans.length > 1 ? "grant" : "grants");

/** The terms with the plan names as written: its sections (ids, titles) are the same whatever the plans. */
export const TERMS = termsDocument(LICENSE_PLANS);
