import { isRouteErrorResponse, redirect, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { findRedirect } from '../../../../core/routing/redirects';
import { ErrorPage } from '../../../components/error-page';
import { throwNotFound } from '../../../lib/not-found';
import { pageMeta } from '../../../lib/page-meta';
import { NotFoundPage } from '../components/not-found-page';

/**
 * Every path no page claims. Old URLs of section 2 are sent on permanently; everything else
 * answers 404 with 'Page not found: {path}'.
 */
export function loader({ request }: LoaderFunctionArgs): never {
  const url = new URL(request.url);
  const target = findRedirect(url.pathname);
  if (target !== null) throw redirect(`${target.location}${url.search}`, target.status);
  throwNotFound(url.pathname);
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'errors', title: 'notFound.page.title', description: 'notFound.page.description', noIndex: true });

export default function NotFoundRoute() {
  return <NotFoundPage />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage error={error} />;
}
