import { useTranslation } from 'react-i18next';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { FootballListData, FootballMatch } from '../../../../core/contracts/matches';
import { footballListKind } from '../../../../core/match/status';
import { LocalLink } from '../../../components/local-link';
import { FootballClockText } from '../components/football-row';
import { useListDayTitle } from '../components/list-day';
import { dayParam } from '../day';
import { KickOffTime } from '../../../components/match/match-parts';
import { startOfZonedDaySec } from '../../../lib/match-time';
import { requestTimeZone, useTimeZone } from '../../../lib/time-zone';
import { loaderLocale } from '../../../lib/locale';
import { scoresMeta } from '../../../lib/scores-meta';
import { ServerNowContext } from '../../../lib/use-clock';

/** Every football match of the day in kick-off order, whatever its list. */
function allMatchesByKickOff(data: FootballListData): FootballMatch[] {
  const lists = [data.liveGlobal, data.soonGlobal, data.scheduledGlobal, data.finishedGlobal, data.otherGlobal];
  return lists
    .flatMap((groups) => groups.flatMap((group) => group.matches))
    .sort((a, b) => a.match_time - b.match_time || a.match_id - b.match_id);
}

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const locale = loaderLocale(request);
  const nowMs = Date.now();
  // Today in the page's zone (decision 115).
  const day = startOfZonedDaySec(nowMs, requestTimeZone(request));
  const football = await context.matches.listFootball({ day, locale });
  return { matches: allMatchesByKickOff(football), nowSec: Math.floor(nowMs / 1000), daySec: day };
}

export const meta: MetaFunction<typeof loader> = ({ location, matches }) =>
  scoresMeta({
    location,
    matches,
    title: (t) => t('meta.indexOld.title'),
    description: (t) => t('meta.indexOld.description'),
  });

/**
 * The old home page: one plain, server-rendered table of today's football, readable without
 * JavaScript. The live pages are a link away.
 */
export default function IndexOldPage() {
  const { t } = useTranslation('scores');
  const { matches, nowSec, daySec } = useLoaderData<typeof loader>();
  const dayTitle = useListDayTitle(daySec, nowSec);
  const timeZone = useTimeZone();
  return (
    <ServerNowContext value={nowSec}>
      <div className="mx-auto w-full max-w-3xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-3 py-2.5">
          <div className="leading-tight">
            <h1 className="text-base font-bold">{t('indexOld.title')}</h1>
            <time dateTime={dayParam(daySec, timeZone)} className="block text-xs font-medium text-muted" data-testid="list-day">
              {dayTitle}
            </time>
          </div>
          <LocalLink to="/" className="text-sm font-semibold text-accent hover:underline">
            {t('indexOld.toNewHome')}
          </LocalLink>
        </div>
        {matches.length === 0 ? (
          <p className="px-4 py-10 text-center text-muted">{t('empty.football')}</p>
        ) : (
          <table className="w-full table-fixed text-sm">
            <caption className="sr-only">{t('indexOld.caption')}</caption>
            <thead className="bg-surface-muted text-xs text-muted">
              <tr>
                <th scope="col" className="w-12 px-2 py-2 text-start font-medium sm:w-14">
                  {t('indexOld.time')}
                </th>
                <th scope="col" className="w-12 px-1 py-2 text-start font-medium sm:w-16">
                  {t('indexOld.status')}
                </th>
                <th scope="col" className="px-1 py-2 text-end font-medium">
                  {t('indexOld.home')}
                </th>
                <th scope="col" className="w-14 px-1 py-2 text-center font-medium">
                  {t('indexOld.score')}
                </th>
                <th scope="col" className="px-1 py-2 text-start font-medium">
                  {t('indexOld.away')}
                </th>
              </tr>
            </thead>
            <tbody>
              {matches.map((match) => {
                const kind = footballListKind(match.status_id);
                return (
                  <tr key={match.match_id} className="border-t border-line">
                    <td className="px-2 py-1.5 text-xs text-muted tabular-nums">
                      <KickOffTime epochSec={match.match_time} />
                    </td>
                    <td className="px-1 py-1.5 text-xs">
                      <FootballClockText match={match} />
                    </td>
                    <td className="truncate px-1 py-1.5 text-end">{match.home_team_name}</td>
                    <td className="px-1 py-1.5 text-center font-bold tabular-nums">
                      <LocalLink to={`/football/Details/${match.match_id}`} className="hover:text-accent">
                        {kind === 'live' || kind === 'finished' ? `${match.a0} - ${match.b0}` : t('row.versus')}
                      </LocalLink>
                    </td>
                    <td className="truncate px-1 py-1.5">{match.away_team_name}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
    </ServerNowContext>
  );
}
