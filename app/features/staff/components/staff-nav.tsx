import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { splitLocalePath } from '../../../../core/locale';
import { useLocalizedPath } from '../../../lib/locale';
import { STAFF_IMPORTS, STAFF_SEASONS } from '../season-imports';
import { STAFF_FORECAST } from '../staff-forecast-api';
import { STAFF_GUESSING } from '../staff-guessing-api';
import { STAFF_MESSAGES } from '../staff-contact-api';
import { STAFF_REVIEWS } from '../staff-review-api';
import { STAFF_HOME } from '../staff-paths';

/** The sections of the staff console; a section stays marked on its sub-pages (a user, a season). */
const SECTIONS = [
  { to: STAFF_HOME, key: 'nav.users', owns: (path: string) => path === STAFF_HOME || path.startsWith(`${STAFF_HOME}/users/`) },
  { to: STAFF_IMPORTS, key: 'nav.imports', owns: (path: string) => path === STAFF_IMPORTS },
  { to: STAFF_SEASONS, key: 'nav.seasons', owns: (path: string) => path === STAFF_SEASONS || path.startsWith(`${STAFF_SEASONS}/`) },
  { to: STAFF_FORECAST, key: 'nav.forecast', owns: (path: string) => path === STAFF_FORECAST },
  { to: STAFF_GUESSING, key: 'nav.guessing', owns: (path: string) => path === STAFF_GUESSING },
  { to: STAFF_MESSAGES, key: 'nav.messages', owns: (path: string) => path === STAFF_MESSAGES || path.startsWith(`${STAFF_MESSAGES}/`) },
  { to: STAFF_REVIEWS, key: 'nav.reviews', owns: (path: string) => path === STAFF_REVIEWS },
] as const;

export function StaffNav() {
  const { t } = useTranslation('staff');
  const localize = useLocalizedPath();
  const path = splitLocalePath(useLocation().pathname).path.replace(/\/$/, '') || '/';
  return (
    <nav aria-label={t('nav.label')} className="mt-3 -mb-1 flex flex-wrap gap-1 text-sm" data-testid="staff-nav">
      {SECTIONS.map((section) => {
        const active = section.owns(path);
        return (
          <Link
            key={section.to}
            to={localize(section.to)}
            aria-current={active ? 'page' : undefined}
            className={`rounded-md px-3 py-1.5 font-semibold whitespace-nowrap ${active ? 'bg-accent-soft text-accent-strong dark:text-accent' : 'text-muted hover:bg-surface-muted hover:text-text'}`}
          >
            {t(section.key)}
          </Link>
        );
      })}
    </nav>
  );
}
