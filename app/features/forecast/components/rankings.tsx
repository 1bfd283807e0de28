import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RANKING_KINDS, RANKING_PERIODS, type RankingData, type RankingKind, type RankingPeriod } from '../../../../core/contracts/forecast';
import { Avatar } from '../../../components/avatar';
import { forecastPaths } from '../../../components/forecast/forecast-paths';
import { formatPercent } from '../../../components/forecast/forecast-format';
import { LocalLink } from '../../../components/local-link';
import { FormAlert, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { formatNumber, useDateFormat } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { useApiData } from '../../../lib/use-api-data';
import { forecastApi } from '../forecast-api';
import { ForecastCard } from './forecast-frame';

export function parseRankingPeriod(value: string | null): RankingPeriod {
  return (RANKING_PERIODS as readonly string[]).includes(value ?? '') ? (value as RankingPeriod) : 'week';
}

export function parseRankingKind(value: string | null): RankingKind {
  return (RANKING_KINDS as readonly string[]).includes(value ?? '') ? (value as RankingKind) : 'rate';
}

function Choice({ to, active, children }: { to: string; active: boolean; children: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      replace
      aria-current={active ? 'true' : undefined}
      className={`px-3 py-1.5 text-sm font-medium not-last:border-e not-last:border-line focus-visible:-outline-offset-2 ${active ? 'bg-accent text-accent-contrast [--focus:var(--accent-contrast)]' : 'hover:bg-surface-muted'}`}
    >
      {children}
    </Link>
  );
}

/**
 * winningRanking: tipsters by win rate over a week, a month or all time — only those with the
 * minimum of settled plans, with the sample beside each rate — and the winning-streak ranking.
 */
export function RankingsView() {
  const { t } = useTranslation('forecast');
  const [params] = useSearchParams();
  const period = parseRankingPeriod(params.get('period'));
  const kind = parseRankingKind(params.get('kind'));
  const ranking = useApiData(`ranking:${period}:${kind}`, () => forecastApi.rankings({ period, kind }));
  const href = (next: { period?: RankingPeriod; kind?: RankingKind }) => `?period=${next.period ?? period}&kind=${next.kind ?? kind}`;

  return (
    <ForecastCard title={kind === 'rate' ? t('ranking.rateTitle') : t('ranking.streakTitle')} lead={kind === 'rate' ? t('ranking.rateLead') : t('ranking.streakLead')} testId="forecast-ranking">
      <div className="mb-3 flex flex-wrap gap-2">
        <div role="group" aria-label={t('ranking.kind')} className="inline-flex overflow-hidden rounded-md border border-line">
          {RANKING_KINDS.map((value) => (
            <Choice key={value} to={href({ kind: value })} active={value === kind}>
              {t(`ranking.kinds.${value}`)}
            </Choice>
          ))}
        </div>
        <div role="group" aria-label={t('ranking.period')} className="inline-flex overflow-hidden rounded-md border border-line">
          {RANKING_PERIODS.map((value) => (
            <Choice key={value} to={href({ period: value })} active={value === period}>
              {t(`ranking.periods.${value}`)}
            </Choice>
          ))}
        </div>
      </div>
      {ranking.error ? (
        <div className="grid justify-items-start gap-3">
          <FormAlert>{apiErrorDetails(ranking.error).message ?? t('list.failed')}</FormAlert>
          <button type="button" onClick={ranking.reload} className={secondaryButtonClass}>
            {t('list.retry')}
          </button>
        </div>
      ) : ranking.data === null ? (
        <p className="py-2 text-muted" role="status">
          {t('list.loading')}
        </p>
      ) : (
        <RankingTable data={ranking.data} />
      )}
    </ForecastCard>
  );
}

export function RankingTable({ data }: { data: RankingData }) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  const formatDate = useDateFormat();
  const pct = (value: number | null) => (value === null ? '–' : formatPercent(value, locale));
  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted" data-testid="ranking-rule">
        {data.kind === 'rate' ? t('ranking.minimum', { count: data.min_settled }) : t('ranking.streakRule')}{' '}
        {data.from ? t('ranking.since', { date: formatDate(data.from, { dateStyle: 'medium' }) }) : t('ranking.allTime')}
      </p>
      {data.list.length === 0 ? (
        <p className="rounded-md bg-surface-muted px-4 py-4 text-sm" data-testid="ranking-empty">
          {data.kind === 'rate' ? t('ranking.emptyRate', { count: data.min_settled }) : t('ranking.emptyStreak')}
        </p>
      ) : (
        <table className="w-full text-sm" data-testid="ranking-table">
          <caption className="sr-only">{data.kind === 'rate' ? t('ranking.rateTitle') : t('ranking.streakTitle')}</caption>
          <thead className="text-xs text-muted">
            <tr className="border-b border-line">
              <th scope="col" className="w-8 py-2 text-start font-medium">
                #
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {t('ranking.columns.tipster')}
              </th>
              {data.kind === 'rate' ? (
                <>
                  <th scope="col" className="py-2 text-end font-medium">
                    {t('ranking.columns.winRate')}
                  </th>
                  <th scope="col" className="hidden py-2 text-end font-medium sm:table-cell">
                    {t('ranking.columns.shrunk')}
                  </th>
                  <th scope="col" className="hidden py-2 text-end font-medium sm:table-cell">
                    {t('ranking.columns.wilson')}
                  </th>
                </>
              ) : (
                <>
                  <th scope="col" className="py-2 text-end font-medium">
                    {t('ranking.columns.streak')}
                  </th>
                  <th scope="col" className="py-2 text-end font-medium">
                    {t('ranking.columns.best')}
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {data.list.map((row) => (
              <tr key={row.tipster.id} data-testid="ranking-row" data-rank={row.rank}>
                <td className="py-2.5 font-bold tabular-nums">{row.rank}</td>
                <td className="py-2.5">
                  <LocalLink to={forecastPaths.tipster(row.tipster.id)} className="flex min-w-0 items-center gap-2 hover:underline">
                    <Avatar id={row.tipster.avatar} size={28} />
                    <span className="truncate font-semibold">{row.tipster.nickname}</span>
                  </LocalLink>
                </td>
                {data.kind === 'rate' ? (
                  <>
                    <td className="py-2.5 text-end tabular-nums">
                      <span className="font-bold">{pct(row.stats.win_rate)}</span>
                      <span className="block text-xs text-muted">{t('ranking.sample', { count: row.stats.settled, formatted: formatNumber(row.stats.settled, locale) })}</span>
                    </td>
                    <td className="hidden py-2.5 text-end tabular-nums sm:table-cell">{pct(row.stats.shrunk_rate)}</td>
                    <td className="hidden py-2.5 text-end tabular-nums sm:table-cell">{pct(row.stats.wilson_lower)}</td>
                  </>
                ) : (
                  <>
                    <td className="py-2.5 text-end font-bold tabular-nums">{formatNumber(row.stats.current_streak, locale)}</td>
                    <td className="py-2.5 text-end tabular-nums">
                      {formatNumber(row.stats.running_num_max, locale)}
                      <span className="block text-xs text-muted">{t('ranking.sample', { count: row.stats.settled, formatted: formatNumber(row.stats.settled, locale) })}</span>
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.kind === 'rate' && data.list.length > 0 ? <p className="text-xs text-muted">{t('ranking.measures')}</p> : null}
    </div>
  );
}
