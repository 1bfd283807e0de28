import { redirect, type LoaderFunctionArgs } from 'react-router';
import { splitLocalePath } from '../../../core/locale';
import { afterLoginPath } from '../../lib/login-redirect';

/** Loader of the sign-in pages: a signed-in reader has nothing to do there and goes on. */
export function redirectSignedIn({ request, context }: LoaderFunctionArgs): null {
  if (context.currentUser === null) return null;
  const url = new URL(request.url);
  throw redirect(afterLoginPath(url.searchParams.get('redirect'), splitLocalePath(url.pathname).locale));
}
