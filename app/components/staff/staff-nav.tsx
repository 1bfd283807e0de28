import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { splitLocalePath } from '../../../core/locale';
import { useLocalizedPath } from '../../lib/locale';
import { sectionOwns, STAFF_SECTIONS } from './staff-sections';

export function StaffNav() {
  const { t } = useTranslation('staff');
  const localize = useLocalizedPath();
  const path = splitLocalePath(useLocation().pathname).path.replace(/\/$/, '') || '/';
  return (
    <nav aria-label={t('nav.label')} className="mt-3 -mb-1 flex flex-wrap gap-1 text-sm" data-testid="staff-nav">
      {STAFF_SECTIONS.map((section) => {
        const active = sectionOwns(section, path);
        return (
          <Link
            key={section.to}
            to={localize(section.to)}
            aria-current={active ? 'page' : undefined}
            className={`rounded-md px-3 py-1.5 font-semibold whitespace-nowrap ${active ? 'bg-accent-soft text-accent-strong dark:text-accent' : 'text-muted hover:bg-surface-muted hover:text-text'}`}
          >
            {t(section.label)}
          </Link>
        );
      })}
    </nav>
  );
}
