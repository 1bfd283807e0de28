import { useLocation, useRouteLoaderData } from 'react-router';
import type { UserInfo } from '../../core/contracts/account';
import type { PublicConfig } from '../../core/contracts/services';
import { splitLocalePath, type Locale } from '../../core/locale';
import { DEFAULT_TIME_ZONES } from '../../core/time-zone';
import { DEFAULT_VIEWPORT, type Viewport } from '../../core/viewport';

import type { Theme } from '../../core/page-variant';

export { isTheme, type Theme } from '../../core/page-variant';

/** What the root loader gives every page. */
export interface RootData {
  locale: Locale;
  theme: Theme;
  config: PublicConfig;
  viewport: Viewport;
  /** the IANA zone every time and day of the page is rendered in (docs/decisions/115) */
  timeZone: string;
  /** scheme, host and port the request came in on; canonical links are built from it */
  requestOrigin: string;
  /** the signed-in reader as the server saw the request's session; null when signed out */
  currentUser: UserInfo | null;
}

// When the root loader itself failed, the error page still needs something to render with.
const FALLBACK_CONFIG: PublicConfig = {
  brokerWsUrl: null,
  buildId: '',
  appStore: { enabled: false, iosUrl: '', androidUrl: '' },
  oauthProviders: [],
};

/** The root loader's data; outside a successful root load, defaults built from the URL. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root');
  const { pathname } = useLocation();
  if (data) return data;
  const { locale } = splitLocalePath(pathname);
  return {
    locale,
    theme: 'light',
    config: FALLBACK_CONFIG,
    viewport: DEFAULT_VIEWPORT,
    timeZone: DEFAULT_TIME_ZONES[locale],
    requestOrigin: typeof window === 'undefined' ? '' : window.location.origin,
    currentUser: null,
  };
}

/** What `meta` functions receive as `matches` (MetaMatches and UIMatch[] both fit). */
export type RootDataMatches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The root loader's data inside a `meta` function, or null when the root load failed. */
export function findRootDataInMatches(matches: RootDataMatches): RootData | null {
  const root = matches.find((match) => match?.id === 'root');
  return (root?.loaderData as RootData | undefined) ?? null;
}
