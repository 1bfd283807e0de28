import { useTranslation } from 'react-i18next';
import { LocalLink } from '../local-link';

/** The 403 page of the staff console for signed-in readers without a staff role. */
export function StaffForbidden() {
  const { t } = useTranslation('staff');
  return (
    <section data-testid="staff-forbidden" className="mx-auto max-w-2xl bg-surface px-4 py-10 text-center sm:mt-3 sm:rounded-lg sm:border sm:border-line">
      <p className="text-sm font-semibold text-accent">{t('forbidden.status')}</p>
      <h1 className="mt-1 text-2xl font-bold">{t('forbidden.title')}</h1>
      <p className="mt-3 text-base text-muted">{t('forbidden.description')}</p>
      <div className="mt-6 flex justify-center">
        <LocalLink to="/" end className="rounded-md border border-line px-4 py-2 font-semibold hover:bg-surface-muted">
          {t('forbidden.home')}
        </LocalLink>
      </div>
    </section>
  );
}
