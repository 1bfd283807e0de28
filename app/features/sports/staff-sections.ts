import type { StaffSection } from '../../components/staff/staff-sections';
import { STAFF_NEWS } from './staff-news-api';

/** Sports news in the staff console's navigation; it stays marked on an article's editor. */
export const staffSections: readonly StaffSection[] = [
  { to: STAFF_NEWS, label: 'sports:staff.nav', order: 80, owns: (path) => path === STAFF_NEWS || path.startsWith(`${STAFF_NEWS}/`) },
];
