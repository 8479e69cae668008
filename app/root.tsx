import { useEffect, useMemo } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { displayName } from "~/accounts/profiles/display-name";
import type { HeaderUser } from "~/accounts/profiles/header-user";
import { themeBootScript } from "~/accounts/profiles/theme";
import { getThemeFromCookie } from "~/accounts/profiles/theme.server";
import { ToastProvider } from "~/components/toast";
import { ErrorPage, errorPageProps } from "~/layout/error-page";
import { LanguageAlternates } from "~/layout/language-alternates";
import type { ShellData } from "~/layout/shell-data";
import { visitorCurrency } from "~/payments/rates/visitor-currency";
import { config } from "~/platform/config.server";
import { useCspNonce } from "~/platform/http/csp-nonce";
import { markPersonalHydrated, type PersonalData, PersonalDataBlock } from "~/platform/http/personal-regions";
import { getToast } from "~/platform/http/toast.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { I18nProvider } from "~/platform/i18n/i18n";
import { DEFAULT_LOCALE, LOCALE_TAGS } from "~/platform/i18n/locales";
import type { Messages } from "~/platform/i18n/messages";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import type { Route } from "./+types/root";
import "./app.css";

/** The messages every page's shell (header, footer, error page) shows. */
const SHELL_NAMESPACES = ["common"];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  const { toast, setCookie } = await getToast(request);
  const accountTheme = user?.themePreference ?? null;
  const headerUser: HeaderUser | null = user
    ? {
        id: user.id,
        displayName: displayName(user),
        role: user.role,
        avatarUrl: user.avatarUrl,
        theme: accountTheme,
      }
    : null;
  const shell: ShellData = {
    user: headerUser,
    theme: accountTheme ?? getThemeFromCookie(request),
    currency: visitorCurrency(request.headers),
  };
  const locale = pageLocaleOf(params);
  return data(
    {
      ...shell,
      accountTheme,
      toast,
      nonce: context.cspNonce,
      locale,
      messages: messagesFor(locale, SHELL_NAMESPACES),
      origin: new URL(config().PUBLIC_URL).origin,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  // On the server the entry's nonce (present on error documents too); in the browser the loader's.
  const nonce = useCspNonce() ?? root?.nonce;
  // Marks the page as interactive; browser tests wait for it before they type or click.
  useEffect(() => {
    markPersonalHydrated();
    document.documentElement.dataset.hydrated = "";
  }, []);
  const personal = usePersonalData(root?.user ?? null);
  const locale = root?.locale ?? DEFAULT_LOCALE;
  const messages = usePageMessages(root?.messages);
  return (
    <html
      lang={LOCALE_TAGS[locale]}
      className={root?.theme === "dark" ? "dark" : ""}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16a34a" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: themeBootScript(root?.accountTheme ?? null) }}
        />
        <Meta />
        <Links />
        {root ? <LanguageAlternates origin={root.origin} /> : null}
      </head>
      <body className="min-h-screen">
        <I18nProvider locale={locale} messages={messages}>
          {children}
        </I18nProvider>
        <PersonalDataBlock data={personal} rootData={root} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * A signed-in visitor's personal data on this page (docs/decisions/0029): the header's user and what
 * the matched routes' loaders give as `personal` (the clip page's save menu).
 */
function usePersonalData(user: unknown): PersonalData | null {
  const matches = useMatches();
  if (!user) return null;
  const personal: PersonalData = { user };
  for (const match of matches) {
    const own = (match.data as { personal?: PersonalData } | undefined)?.personal;
    if (own) Object.assign(personal, own);
  }
  return personal;
}

/**
 * The page's messages: the shell's (root loader) and each matched route's own, which its loader
 * returns as `messages` (docs/decisions/0033-interface-languages.md).
 */
function usePageMessages(shell: Messages | undefined): Messages {
  const matches = useMatches();
  return useMemo(() => {
    const merged: Messages = { ...shell };
    for (const match of matches) {
      const own = (match.data as { messages?: Messages } | undefined)?.messages;
      if (own && match.id !== "root") Object.assign(merged, own);
    }
    return merged;
  }, [shell, matches]);
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <ToastProvider initial={toast}>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage {...errorPageProps(error)} />;
}
