import type { StaffSection } from '../../components/staff/staff-sections';
import { STAFF_IMPORTS, STAFF_SEASONS } from './season-imports';
import { STAFF_FORECAST } from './staff-forecast-api';
import { STAFF_GUESSING } from './staff-guessing-api';
import { STAFF_MESSAGES } from './staff-contact-api';
import { STAFF_REVIEWS } from './staff-review-api';
import { STAFF_HOME } from './staff-paths';

/** The staff console's own sections (app/components/staff/staff-sections.ts); a section stays marked on its sub-pages (a user, a season). */
export const staffSections: readonly StaffSection[] = [
  { to: STAFF_HOME, label: 'staff:nav.users', order: 10, owns: (path) => path === STAFF_HOME || path.startsWith(`${STAFF_HOME}/users/`) },
  { to: STAFF_IMPORTS, label: 'staff:nav.imports', order: 20 },
  { to: STAFF_SEASONS, label: 'staff:nav.seasons', order: 30, owns: (path) => path === STAFF_SEASONS || path.startsWith(`${STAFF_SEASONS}/`) },
  { to: STAFF_FORECAST, label: 'staff:nav.forecast', order: 40 },
  { to: STAFF_GUESSING, label: 'staff:nav.guessing', order: 50 },
  { to: STAFF_MESSAGES, label: 'staff:nav.messages', order: 60, owns: (path) => path === STAFF_MESSAGES || path.startsWith(`${STAFF_MESSAGES}/`) },
  { to: STAFF_REVIEWS, label: 'staff:nav.reviews', order: 70 },
];
