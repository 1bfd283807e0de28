import { isbot } from 'isbot';
import { redirect } from 'react-router';
import type { UserInfo } from '../../../core/contracts/account';
import { languageRedirect } from '../../../core/routing/language-choice';

/**
 * The home page's answer to a reader who chose English or Chinese (decision 113): a redirect
 * from `/` to `/en` or `/zh`, query kept, or null to render the page. The redirect is the
 * reader's own (it follows their cookie or account): never stored by a shared cache.
 */
export function chosenLanguageRedirect(request: Request, currentUser: Pick<UserInfo, 'locale'> | null): Response | null {
  const url = new URL(request.url);
  const agent = request.headers.get('user-agent');
  const target = languageRedirect({
    pathname: url.pathname,
    cookieHeader: request.headers.get('cookie'),
    accountLocale: currentUser?.locale ?? null,
    isCrawler: agent !== null && isbot(agent),
  });
  if (target === null) return null;
  return redirect(`${target}${url.search}`, { status: 302, headers: { 'Cache-Control': 'private, no-store', Vary: 'Cookie' } });
}
