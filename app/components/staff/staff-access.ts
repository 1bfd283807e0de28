import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { UserInfo, UserRole } from '../../../core/contracts/account';
import { splitLocalePath } from '../../../core/locale';
import { accountPagePath } from '../../lib/login-redirect';
import { throwNotFound } from '../../lib/not-found';

/** Roles that may open the staff console; the staff API (server/modules/staff) admits the same. */
export const STAFF_ROLES: readonly UserRole[] = ['staff', 'admin'];

export function canUseStaffConsole(user: Pick<UserInfo, 'role'> | null): boolean {
  return user !== null && STAFF_ROLES.includes(user.role);
}

export interface StaffAccess {
  allowed: boolean;
}

/**
 * The loader of every staff page, decided on the server from the request's session: signed-out
 * visitors log in first and come back; signed-in readers without a staff role get the 403 page
 * (HTTP 403), so nothing of the console reaches them. The API checks the role again anyway.
 */
export function loadStaffAccess({ context, request }: Pick<LoaderFunctionArgs, 'context' | 'request'>) {
  const url = new URL(request.url);
  if (context.currentUser === null) {
    throw redirect(accountPagePath('/login', splitLocalePath(url.pathname).locale, `${url.pathname}${url.search}`));
  }
  if (!canUseStaffConsole(context.currentUser)) return data<StaffAccess>({ allowed: false }, { status: 403 });
  return data<StaffAccess>({ allowed: true });
}

/** A user id of the URL (`/staff/users/:id`): a whole number the API accepts, else 404. */
export function parseUserIdParam(raw: string | undefined, pathname: string): number {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throwNotFound(pathname);
  return Number(raw);
}
