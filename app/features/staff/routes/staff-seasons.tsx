import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { linkClass } from '../../../components/ui/field';
import { formatNumber } from '../../../lib/format';
import { useLocale, useLocalizedPath } from '../../../lib/locale';
import { useApiData } from '../../../lib/use-api-data';
import { LoadState, StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { seasonPageMeta, STAFF_IMPORTS, staffSeasonPath } from '../season-imports';
import { loadStaffAccess } from '../../../components/staff/staff-access';
import { seasonsApi } from '../staff-seasons-api';

export function loader(args: LoaderFunctionArgs) {
  return loadStaffAccess(args);
}

export const meta = seasonPageMeta('seasons.title');

/** /staff/seasons: every season (GET /api/staff/seasons), newest first, each opening its deductions. */
export default function StaffSeasonsRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <SeasonList />
    </StaffGate>
  );
}

function SeasonList() {
  const { t } = useTranslation('staff');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const seasons = useApiData('staff-seasons', () => seasonsApi.listSeasons());
  const { data } = seasons;
  return (
    <StaffFrame title={t('seasons.title')} lead={t('seasons.lead')}>
      <StaffCard aria-labelledby="staff-seasons-title">
        <h2 id="staff-seasons-title" className="sr-only">
          {t('seasons.title')}
        </h2>
        {data === null || seasons.error ? (
          <LoadState error={seasons.error} onRetry={seasons.reload} />
        ) : data.list.length === 0 ? (
          <p className="rounded-md bg-surface-muted px-4 py-4 text-sm">
            {t('seasons.empty')}{' '}
            <Link to={localize(STAFF_IMPORTS)} className={linkClass}>
              {t('seasons.importFirst')}
            </Link>
          </p>
        ) : (
          <table className="w-full text-sm" aria-busy={seasons.loading}>
            <caption className="sr-only">{t('seasons.title')}</caption>
            <thead className="text-xs text-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pe-3 text-start font-medium">
                  {t('seasons.columns.season')}
                </th>
                <th scope="col" className="hidden py-2 pe-3 text-start font-medium sm:table-cell">
                  {t('seasons.columns.rules')}
                </th>
                <th scope="col" className="py-2 pe-3 text-end font-medium">
                  {t('seasons.columns.matches')}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {t('seasons.columns.deductions')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.list.map((season) => (
                <tr key={season.season_id} data-testid="staff-season-row" data-season-id={season.season_id} className="relative hover:bg-surface-muted/60">
                  <td className="py-2.5 pe-3">
                    <Link
                      to={localize(staffSeasonPath(season.season_id))}
                      className="font-semibold after:absolute after:inset-0 hover:text-accent focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-accent/40"
                    >
                      {season.competition_name} {season.name}
                    </Link>
                    <span className="ms-1.5 text-xs text-muted tabular-nums">#{season.season_id}</span>
                    {season.source ? <span className="block text-xs break-all text-muted">{season.source}</span> : null}
                  </td>
                  <td className="hidden py-2.5 pe-3 sm:table-cell">{t(`rules.${season.rules}`, { defaultValue: season.rules })}</td>
                  <td className="py-2.5 pe-3 text-end tabular-nums">{formatNumber(season.matches, locale)}</td>
                  <td className="py-2.5 text-end font-semibold tabular-nums">{formatNumber(season.deductions, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </StaffCard>
    </StaffFrame>
  );
}
