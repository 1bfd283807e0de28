import type { StaffSection } from '../../components/staff/staff-sections';
import { STAFF_COMMUNITY_AUDIT, STAFF_COMMUNITY_REPORTS, STAFF_COMMUNITY_USERS, STAFF_COMMUNITY_WORDS } from './staff-moderation-api';

/** The community's moderation in the staff console (decision 143): reports (with a fan's page under it), review words, audit log. */
export const staffSections: readonly StaffSection[] = [
  { to: STAFF_COMMUNITY_REPORTS, label: 'community:moderation.nav.reports', order: 75, owns: (path) => path === STAFF_COMMUNITY_REPORTS || path.startsWith(`${STAFF_COMMUNITY_USERS}/`) },
  { to: STAFF_COMMUNITY_WORDS, label: 'community:moderation.nav.words', order: 76 },
  { to: STAFF_COMMUNITY_AUDIT, label: 'community:moderation.nav.audit', order: 77 },
];
