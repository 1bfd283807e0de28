import { data } from 'react-router';

/** Ends a loader with the not-found answer of section 2 (HTTP 404, 'Page not found: {path}'). */
export function throwNotFound(pathname: string): never {
  throw data(`Page not found: ${pathname}`, { status: 404 });
}
