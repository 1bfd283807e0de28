import { useTranslation } from 'react-i18next';

/** In place of the tabs for a match older than three months (sections 5 and 9). */
export function ExpiredNotice() {
  const { t } = useTranslation('matchCentre');
  return (
    <section className="px-4 py-8 text-center" data-testid="detail-expired">
      <p className="mx-auto max-w-prose font-semibold">{t('messages:api.match.detailExpired')}</p>
      <p className="mx-auto mt-2 max-w-prose text-sm text-muted">{t('expired.hint')}</p>
    </section>
  );
}
