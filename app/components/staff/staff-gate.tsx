import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/app-state';
import { useLocale } from '../../lib/locale';
import { accountPagePath } from '../../lib/login-redirect';
import type { StaffAccess } from './staff-access';
import { StaffForbidden } from './staff-forbidden';

/**
 * What the loader decided (staff-access.ts), kept true in the browser: the 403 page for readers
 * without a staff role, the login page once the reader has signed out (here or in another tab).
 */
export function StaffGate({ access, children }: { access: StaffAccess; children: ReactNode }) {
  const user = useCurrentUser();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  if (user === null) return <Navigate to={accountPagePath('/login', locale, `${pathname}${search}`)} replace />;
  if (!access.allowed) return <StaffForbidden />;
  return children;
}
