import { readdirSync } from 'node:fs';
import { prefix, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../core/locale';

/**
 * Every page exists three times: Turkish without a prefix, English under /en, Chinese under
 * /zh (section 2). One module serves all three and reads the locale from the URL. Route ids
 * are `{locale}/{page}`, and for pages with sub-views `{locale}/{page}/{view}`: the view is the
 * last segment of the id.
 *
 * Each feature lists its own pages in `app/features/<feature>/pages.ts` (a default export taking
 * the id maker); this file collects every feature folder that has one, so a new feature's
 * pages need no line here. React Router ranks routes by their paths, not by this order.
 */
type FeaturePages = (id: (name: string) => string) => RouteConfigEntry[];

const features = readdirSync(new URL('./features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(new URL(`./features/${entry.name}`, import.meta.url)).includes('pages.ts'))
  .map((entry) => entry.name)
  .sort();

const featurePages: FeaturePages[] = await Promise.all(
  features.map(async (feature) => ((await import(`./features/${feature}/pages.ts`)) as { default: FeaturePages }).default),
);

function pagesOf(locale: Locale): RouteConfigEntry[] {
  const id = (name: string) => `${locale}/${name}`;
  return featurePages.flatMap((pages) => pages(id));
}

export default LOCALES.flatMap(({ code }) =>
  code === DEFAULT_LOCALE ? pagesOf(code) : prefix(code, pagesOf(code)),
) satisfies RouteConfig;
