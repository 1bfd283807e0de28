import type { MetaDescriptor } from 'react-router';
import { splitLocalePath } from '../../core/locale';
import { getT } from '../i18n/i18n';
import { findRootDataInMatches } from './root-data';
import { seoMeta } from './seo';

interface MetaArgs {
  location: { pathname: string };
  matches: Parameters<typeof findRootDataInMatches>[0];
}

/**
 * `meta` of a page whose title and description are translation keys:
 *   export const meta: MetaFunction = (args) => pageMeta(args, { namespace: 'pages', title: 'help.page.title', description: 'help.page.description' });
 */
export function pageMeta(
  args: MetaArgs,
  keys: { namespace: string; title: string; description: string; values?: Record<string, string | number>; noIndex?: boolean },
): MetaDescriptor[] {
  const root = findRootDataInMatches(args.matches);
  const locale = splitLocalePath(args.location.pathname).locale;
  const t = getT(locale, keys.namespace);
  return seoMeta({
    title: t(keys.title, keys.values),
    description: t(keys.description, keys.values),
    pathname: args.location.pathname,
    origin: root?.requestOrigin ?? '',
    locale,
    noIndex: keys.noIndex,
  });
}
