import { createContext, useContext } from 'react';
import { splitLocalePath, type Locale } from '../../core/locale';
import { readPageVariant } from '../../core/page-variant';
import { DEFAULT_TIME_ZONES, readerTimeZone, TIME_ZONE_COOKIE, TIME_ZONE_COOKIE_MAX_AGE_S } from '../../core/time-zone';
import { useLocale } from './locale';
import type { RootData } from './root-data';

/**
 * The zone a request's page renders every time and day in: the zone cookie's, else the page
 * language's usual zone (docs/decisions/115-reader-time-zone.md). The anonymous page cache keys
 * on the same reading.
 */
export function requestTimeZone(request: Request): string {
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  return readerTimeZone(readPageVariant(request.headers.get('Cookie')).timeZone, locale);
}

/**
 * The zone of the page, given by the root layout from the root loader's data (app/root.tsx).
 * Absent outside the app's document (a component rendered on its own): the language's usual zone.
 */
export const TimeZoneContext = createContext<string | null>(null);

/**
 * The zone the page was rendered in. The server and the hydrating render read the same root
 * data, so no time changes on hydration; later renders keep it, so the whole page agrees.
 */
export function useTimeZone(): string {
  const zone = useContext(TimeZoneContext);
  const locale = useLocale();
  return zone ?? DEFAULT_TIME_ZONES[locale];
}

/** The zone in a `meta` function: the root's, or the language's usual one when the root load failed. */
export function rootTimeZone(root: Pick<RootData, 'timeZone'> | null, locale: Locale): string {
  return root?.timeZone ?? DEFAULT_TIME_ZONES[locale];
}

/**
 * Runs first in <head>, before anything is painted. It writes the browser's zone into the zone
 * cookie when the cookie does not hold it, so every later page is rendered in it. When this
 * page was rendered in another zone (a first visit outside the language's usual zone), it
 * loads the page again at once, before the first paint, so the reader never sees a time in the
 * wrong zone and nothing changes after hydration. It reloads only when the cookie was missing
 * or different and now holds the zone: a browser that refuses cookies, or a second run (the
 * cookie already holds the zone) never reloads, so it cannot loop. SameSite=Lax: a reader who
 * arrives from a link on another site must bring the cookie with the first request.
 */
export function timeZoneScript(renderedZone: string): string {
  const cookie = JSON.stringify(TIME_ZONE_COOKIE);
  // The rendered zone is a validated zone name or a default; JSON-quoted and `<` escaped anyway.
  const rendered = JSON.stringify(renderedZone).replace(/</g, '\\u003c');
  return (
    '(function(){try{' +
    'var z=Intl.DateTimeFormat().resolvedOptions().timeZone;' +
    "if(typeof z!=='string'||!z||z.length>64)return;" +
    `var n=${cookie},r=function(){var p=document.cookie.split(';');` +
    "for(var i=0;i<p.length;i++){var e=p[i].indexOf('=');if(e>0&&p[i].slice(0,e).trim()===n){try{return decodeURIComponent(p[i].slice(e+1).trim())}catch(x){return null}}}return null};" +
    'if(r()===z)return;' +
    `document.cookie=n+'='+encodeURIComponent(z)+'; Path=/; Max-Age=${TIME_ZONE_COOKIE_MAX_AGE_S}; SameSite=Lax'+(location.protocol==='https:'?'; Secure':'');` +
    `if(z!==${rendered}&&r()===z)location.replace(location.href)` +
    '}catch(x){}})()'
  );
}
