import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/field';
import { accountApi, apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { useApiData } from '../../../lib/use-api-data';
import { balancePoints, balanceSeries } from '../balance-chart';
import { guessingApi } from '../guessing-api';
import { GuessingCard } from './guessing-frame';
import { LoginPrompt } from './login-prompt';

/** bettingRecords: the reader's record (/api/guessing/record) and their points over time. */
export function BettingRecordsView() {
  const { t } = useTranslation('guessing');
  const locale = useLocale();
  const user = useCurrentUser();
  const record = useApiData(`guessing-record:${user?.id ?? 0}`, () => (user === null ? Promise.resolve(null) : guessingApi.record()));
  if (user === null) {
    return (
      <GuessingCard title={t('records.title')} testId="betting-records">
        <LoginPrompt />
      </GuessingCard>
    );
  }
  const r = record.data;
  const figures = r
    ? ([
        ['bets', r.bets],
        ['open', r.open],
        ['won', r.won],
        ['lost', r.lost],
        ['other', r.other],
        ['staked', r.staked],
        ['returned', r.returned],
        ['net', r.returned - r.staked],
        ['currentStreak', r.current_streak],
        ['bestStreak', r.best_streak],
      ] as const)
    : [];
  return (
    <>
      <GuessingCard title={t('records.title')} testId="betting-records">
        {record.error ? (
          <FormAlert>{apiErrorDetails(record.error).message ?? t('board.failed')}</FormAlert>
        ) : r === null ? (
          <p className="text-sm text-muted" role="status">
            {t('board.loading')}
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {figures.map(([key, value]) => (
              <div key={key} className="rounded-md bg-surface-muted px-3 py-2">
                <dt className="text-xs text-muted">{t(`records.${key}`)}</dt>
                <dd className="text-lg font-bold tabular-nums" data-testid={`record-${key}`}>
                  {formatNumber(value, locale)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </GuessingCard>
      <BalanceChartCard userId={user.id} />
    </>
  );
}

const WIDTH = 600;
const HEIGHT = 160;

function BalanceChartCard({ userId }: { userId: number }) {
  const { t } = useTranslation('guessing');
  const locale = useLocale();
  const history = useApiData(`guessing-balance:${userId}`, () => accountApi.pointsRecords({ page: 1, size: 100 }));
  const series = history.data ? balanceSeries(history.data.list) : [];
  const points = balancePoints(series, WIDTH, HEIGHT);
  const values = series.map((s) => s.balance);
  return (
    <GuessingCard title={t('records.chartTitle')} lead={t('records.chartLead')} testId="balance-chart">
      {history.data === null ? (
        <p className="text-sm text-muted" role="status">
          {t('board.loading')}
        </p>
      ) : points.length === 0 ? (
        <p className="text-sm text-muted">{t('records.chartEmpty')}</p>
      ) : (
        <figure className="grid gap-1">
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-40 w-full" role="img" aria-label={t('records.chartLabel', { from: formatNumber(values[0]!, locale), to: formatNumber(values[values.length - 1]!, locale) })}>
            <line x1={0} x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} className="stroke-line" strokeWidth={1} />
            <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" className="stroke-accent" strokeWidth={2} vectorEffect="non-scaling-stroke" />
            {points.map((p, i) => (
              <circle key={i} cx={p.x} cy={p.y} r={3} className="fill-accent">
                <title>{`${formatNumber(p.balance, locale)} · ${p.at.slice(0, 10)}`}</title>
              </circle>
            ))}
          </svg>
          <figcaption className="flex justify-between text-xs text-muted tabular-nums">
            <span>
              {t('records.min')} {formatNumber(Math.min(...values), locale)}
            </span>
            <span>
              {t('records.max')} {formatNumber(Math.max(...values), locale)}
            </span>
          </figcaption>
        </figure>
      )}
    </GuessingCard>
  );
}

/** winningStreakRankings: fans by their current winning streak. */
export function StreakRankingView() {
  const { t } = useTranslation('guessing');
  const locale = useLocale();
  const ranking = useApiData('guessing-streak', () => guessingApi.streak());
  return (
    <GuessingCard title={t('ranking.title')} lead={t('ranking.lead')} testId="streak-ranking">
      {ranking.error ? (
        <FormAlert>{apiErrorDetails(ranking.error).message ?? t('board.failed')}</FormAlert>
      ) : ranking.data === null ? (
        <p className="text-sm text-muted" role="status">
          {t('board.loading')}
        </p>
      ) : ranking.data.list.length === 0 ? (
        <p className="text-sm text-muted">{t('ranking.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm tabular-nums">
            <thead className="text-left text-xs text-muted">
              <tr>
                <th className="py-1 pr-2">#</th>
                <th className="py-1 pr-2">{t('ranking.fan')}</th>
                <th className="py-1 pr-2 text-right">{t('ranking.current')}</th>
                <th className="py-1 pr-2 text-right">{t('ranking.best')}</th>
                <th className="py-1 text-right">{t('ranking.settled')}</th>
              </tr>
            </thead>
            <tbody>
              {ranking.data.list.map((row) => (
                <tr key={row.user.id} className="border-t border-line">
                  <td className="py-1.5 pr-2 font-semibold">{row.rank}</td>
                  <td className="max-w-40 truncate py-1.5 pr-2">{row.user.nickname}</td>
                  <td className="py-1.5 pr-2 text-right font-bold">{formatNumber(row.current_streak, locale)}</td>
                  <td className="py-1.5 pr-2 text-right">{formatNumber(row.best_streak, locale)}</td>
                  <td className="py-1.5 text-right">{formatNumber(row.settled, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </GuessingCard>
  );
}
