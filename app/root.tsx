import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ClientLoaderFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import { LOCALES, splitLocalePath } from '../core/locale';
import { findRedirect } from '../core/routing/redirects';
import { readPageVariant } from '../core/page-variant';
import { DEFAULT_TIME_ZONES, readerTimeZone } from '../core/time-zone';
import appCss from './app.css?url';
import { ErrorPage } from './components/error-page';
import { SiteShell } from './components/layout/site-shell';
import { LiveProvider } from './live/live-provider';
import { NotFoundPage } from './features/not-found/components/not-found-page';
import { getI18n, getT, hasLocale, loadLocale } from './i18n/i18n';
import { PageTexts, startPageTexts } from './i18n/page-texts';
import type { UserInfo } from '../core/contracts/account';
import { primeAppState, ServerUserContext, syncServerSession } from './lib/app-state';
import { followPolicyInBrowser, STYLE_NONCE_META, useCspNonce, ZOD_JITLESS_SCRIPT } from './lib/csp-nonce';
import { findRootDataInMatches, isTheme, useRootData, type RootData } from './lib/root-data';
import { ROOT_FONT_SIZE_SCRIPT } from './lib/root-font-size';
import { seoMeta } from './lib/seo';
import { TimeZoneContext, timeZoneScript } from './lib/time-zone';
import { ThemeProvider } from './lib/theme';
import { useHydrated } from './lib/use-clock';

// In the browser, under the Content Security Policy (decision 072).
followPolicyInBrowser();

// Notices and alert pop-ups only ever appear after something happens in the browser (and bring
// Radix's toast), and the page-wide behaviours run in effects: they load after hydration instead
// of with the page (docs/decisions/084-first-load-javascript.md).
const ClientBehaviours = lazy(() => import('./components/client-behaviours').then((m) => ({ default: m.ClientBehaviours })));
const NoticeToaster = lazy(() => import('./components/notice/notice-toaster').then((m) => ({ default: m.NoticeToaster })));
const PopupLayer = lazy(() => import('./live/popup-layer').then((m) => ({ default: m.PopupLayer })));
// Today's football list for the pop-ups of every page, loaded when the page is idle (decision 096).
const TodayPreload = lazy(() => import('./live/today-preload').then((m) => ({ default: m.TodayPreload })));

/** Renders its children once the page is hydrated: nothing on the server, nothing to hydrate. */
function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function loader({ request, context }: LoaderFunctionArgs): RootData {
  const url = new URL(request.url);
  // Old addresses (section 2) and /tr/… are answered before any page renders.
  const target = findRedirect(url.pathname);
  if (target !== null) throw redirect(`${target.location}${url.search}`, target.status);

  // The cookies the page varies by, read as the anonymous page cache keys them (decision 085).
  const variant = readPageVariant(request.headers.get('Cookie'));
  // The theme toggle writes the cookie; a signed-in reader without one (a new device) gets the
  // theme saved to the account.
  const accountTheme = context.currentUser?.theme;
  const theme = variant.theme ?? (isTheme(accountTheme) ? accountTheme : 'light');
  const { locale } = splitLocalePath(url.pathname);
  return {
    locale,
    theme,
    config: context.config,
    viewport: variant.viewport,
    // Every time and day of the page, on the server and in the browser (docs/decisions/115).
    timeZone: readerTimeZone(variant.timeZone, locale),
    requestOrigin: url.origin,
    currentUser: context.currentUser,
  };
}

/**
 * In the browser a page starts with the texts its render used (docs/decisions/084): a navigation
 * into another language (the language menu, the settings page, a link to /en/…), or one made
 * before the rest of the page's locale arrived, loads the whole locale alongside the root data,
 * so the next page renders at once in its language, without raw keys.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs): Promise<RootData> {
  const [data] = await Promise.all([
    serverLoader<RootData>(),
    loadLocale(splitLocalePath(new URL(request.url).pathname).locale),
  ]);
  return data;
}

// The locale lives in the path: switching language must refresh the root data, which a
// change of path alone would not do.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
  const nextLocale = splitLocalePath(nextUrl.pathname).locale;
  return splitLocalePath(currentUrl.pathname).locale !== nextLocale || !hasLocale(nextLocale) || defaultShouldRevalidate;
};

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%23d10a16'/%3E%3Ctext x='16' y='23' font-family='Arial,sans-serif' font-size='20' font-weight='700' fill='%23fff' text-anchor='middle'%3ET%3C/text%3E%3C/svg%3E";

export const links: LinksFunction = () => [{ rel: 'icon', href: FAVICON, type: 'image/svg+xml' }];

/** Defaults for pages without their own meta, and the titles of the root error page. */
export const meta: MetaFunction = ({ location, matches, error }) => {
  const locale = splitLocalePath(location.pathname).locale;
  const root = findRootDataInMatches(matches);
  const origin = root?.requestOrigin ?? '';
  if (error !== undefined) {
    const errors = getT(locale, 'errors');
    const isNotFound = isRouteErrorResponse(error) && error.status === 404;
    return seoMeta({
      title: errors(isNotFound ? 'notFound.page.title' : 'error.page.title'),
      description: errors(isNotFound ? 'notFound.page.description' : 'error.page.description'),
      pathname: location.pathname,
      origin,
      locale,
      noIndex: true,
    });
  }
  const t = getT(locale, 'common');
  return seoMeta({
    title: t('app.meta.title'),
    description: t('app.meta.description'),
    pathname: location.pathname,
    origin,
    locale,
  });
};

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const { pathname } = useLocation();
  const locale = splitLocalePath(pathname).locale;
  const iso = LOCALES.find((l) => l.code === locale)?.iso ?? 'tr-TR';
  // The zone of every time and day on the page (docs/decisions/115); the same while hydrating.
  const timeZone = data?.timeZone ?? DEFAULT_TIME_ZONES[locale];
  const cspNonce = useCspNonce();
  // Before anything translates: the server notes the namespaces this document reads (PageTexts).
  startPageTexts();

  return (
    <ThemeProvider initialTheme={data?.theme ?? 'light'}>
      {(theme) => (
        // The inline script sets the root font size before hydration; React must not fight it.
        <html lang={iso} className={theme === 'dark' ? 'dark' : undefined} suppressHydrationWarning>
          <head>
            <meta charSet="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
            <meta name="theme-color" content={theme === 'dark' ? '#1a0d10' : '#c00913'} />
            <meta name={STYLE_NONCE_META} nonce={cspNonce?.style} />
            {/* First of all: a page rendered in another zone than the browser's loads again before
                it paints, with the zone cookie set (docs/decisions/115). */}
            <script nonce={cspNonce?.script} dangerouslySetInnerHTML={{ __html: timeZoneScript(timeZone) }} />
            <script nonce={cspNonce?.script} dangerouslySetInnerHTML={{ __html: ROOT_FONT_SIZE_SCRIPT }} />
            <script nonce={cspNonce?.script} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
            {/* With a precedence React writes the stylesheet before the scripts' preloads, so a
                phone fetches what blocks the first paint first (docs/decisions/092). */}
            <link rel="stylesheet" href={appCss} precedence="default" />
            <Meta />
            <Links />
          </head>
          <body>
            <I18nextProvider i18n={getI18n(locale)}>
              <TimeZoneContext value={timeZone}>
                {children}
                <AfterHydration>
                  <NoticeToaster />
                </AfterHydration>
                <AfterHydration>
                  <ClientBehaviours />
                </AfterHydration>
              </TimeZoneContext>
            </I18nextProvider>
            {/* Before the scripts: the client entry is an async module that may run while the rest of
                the document is still arriving, and must find this block whole (decision 084). */}
            <PageTexts />
            <ScrollRestoration />
            <Scripts />
          </body>
        </html>
      )}
    </ThemeProvider>
  );
}

/**
 * The browser store takes the server's word about the session before anything reads it, and
 * follows the root loader whenever it runs again.
 */
function useServerSession(): UserInfo | null {
  const { currentUser } = useRootData();
  primeAppState(currentUser);
  useEffect(() => syncServerSession(currentUser), [currentUser]);
  return currentUser;
}

export default function App() {
  const currentUser = useServerSession();
  return (
    <ServerUserContext value={currentUser}>
      <LiveProvider>
        <SiteShell>
          <Outlet />
        </SiteShell>
        <AfterHydration>
          <PopupLayer />
          <TodayPreload />
        </AfterHydration>
      </LiveProvider>
    </ServerUserContext>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const currentUser = useServerSession();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ServerUserContext value={currentUser}>
      <SiteShell>{isNotFound ? <NotFoundPage /> : <ErrorPage error={error} />}</SiteShell>
    </ServerUserContext>
  );
}
