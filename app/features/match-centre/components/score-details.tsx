import { useTranslation } from 'react-i18next';
import type { ScoreDetails } from '../../../../core/contracts/match-centre';
import { EmptyNote } from './panel';

/** Scores by period in one line: "1st half 1-0 · 2nd half 1-1". */
export function ScoreDetailsLine({ details }: { details: ScoreDetails }) {
  const { t } = useTranslation('matchCentre');
  if (details.periods.length === 0) return null;
  return (
    <p data-testid="score-details-line" className="flex flex-wrap justify-center gap-x-3 gap-y-1 text-xs text-muted tabular-nums">
      {details.periods.map((period) => (
        <span key={period.label}>
          {t(`period.${period.label}`)}{' '}
          <span className="font-semibold text-text">
            {period.score[0]}-{period.score[1]}
          </span>
        </span>
      ))}
    </p>
  );
}

/** Scores by period as a table: one column per period, then the final score. */
export function ScoreDetailsTable({ details, homeName, awayName }: { details: ScoreDetails; homeName: string; awayName: string }) {
  const { t } = useTranslation('matchCentre');
  if (details.periods.length === 0) return <EmptyNote>{t('period.empty')}</EmptyNote>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-center text-sm tabular-nums">
        <caption className="sr-only">{t('period.caption')}</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="px-2 py-1.5 text-start font-medium">
              {t('table.team')}
            </th>
            {details.periods.map((period) => (
              <th key={period.label} scope="col" className="px-2 py-1.5 font-medium">
                <abbr title={t(`period.${period.label}`)} className="no-underline">
                  {t(`periodShort.${period.label}`)}
                </abbr>
              </th>
            ))}
            <th scope="col" className="px-2 py-1.5 font-semibold text-text">
              {t('period.final')}
            </th>
          </tr>
        </thead>
        <tbody>
          {[homeName, awayName].map((name, side) => (
            <tr key={side} className="border-t border-line">
              <th scope="row" className="max-w-36 truncate px-2 py-2 text-start font-medium">
                {name}
              </th>
              {details.periods.map((period) => (
                <td key={period.label} className="px-2 py-2">
                  {period.score[side]}
                </td>
              ))}
              <td className="px-2 py-2 font-bold">{details.final[side]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
