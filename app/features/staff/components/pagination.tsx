import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { secondaryButtonClass } from '../../../components/ui/field';

/** Previous / "page n of m" / next, as links that keep the rest of the query. */
export function Pagination({
  label,
  page,
  pages,
  href,
  previousLabel,
  nextLabel,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
  previousLabel?: string;
  nextLabel?: string;
}) {
  const { t } = useTranslation('staff');
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className={secondaryButtonClass} preventScrollReset rel="prev">
          <span aria-hidden="true">‹</span> {previousLabel ?? t('pagination.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted tabular-nums">{t('pagination.page', { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className={secondaryButtonClass} preventScrollReset rel="next">
          {nextLabel ?? t('pagination.next')} <span aria-hidden="true">›</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
