import type { MetaFunction } from 'react-router';
import { pageMeta } from '../../lib/page-meta';
import type { StaffAccess } from './staff-access';

/** `meta` of a staff page: never indexed; readers without a staff role get the 403 page's title. */
export function staffMeta(title: 'page.title' | 'page.userTitle'): MetaFunction {
  return (args) => {
    const forbidden = (args.data as StaffAccess | undefined)?.allowed === false;
    return pageMeta(args, { namespace: 'staff', title: forbidden ? 'forbidden.title' : title, description: 'page.description', noIndex: true });
  };
}
