import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { HOT_LIST_PAGE_SIZE } from '../../../../core/constants';
import type { BasketballMatch, FootballListData, FootballMatch } from '../../../../core/contracts/matches';
import { LocalLink } from '../../../components/local-link';
import { ScoreList } from '../components/score-lists';
import { useListDayTitle } from '../components/list-day';
import { ScoresToolbar } from '../components/scores-toolbar';
import { startOfZonedDaySec } from '../../../lib/match-time';
import { requestTimeZone } from '../../../lib/time-zone';
import { countFootballDay, hotPageCompetitionIds, restrictFootballData } from '../home-data';
import { loaderLocale } from '../../../lib/locale';
import { scoresMeta } from '../../../lib/scores-meta';
import { groupByCompetition, type RowSection } from '../rows';
import { ServerNowContext } from '../../../lib/use-clock';
import { useBasketballLists, useFootballLists } from '../../../live/use-live-lists';
import { SuccessRateTeaser } from '../../../components/forecast/success-rate';
import { liveFootballIds, loadNextKickOff, NextKickOffLine, useLiveFootballCount } from '../next-kick-off';
import { chosenLanguageRedirect } from '../language-choice.server';
import { ListColumns, useCompetitionGroup } from '../components/list-columns';
import { sideMatches } from '../columns';

/** When no basketball game is live, the summary shows the next ones instead of nothing. */
const NEXT_BASKETBALL_COUNT = 5;

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  // A reader who chose English or Chinese gets it at `/` (decision 113).
  const chosen = chosenLanguageRedirect(request, context.currentUser);
  if (chosen !== null) throw chosen;
  const locale = loaderLocale(request);
  const nowMs = Date.now();
  // Today in the page's zone (decision 115).
  const day = startOfZonedDaySec(nowMs, requestTimeZone(request));
  const [football, hot, basketball, nextKickOff] = await Promise.all([
    context.matches.listFootball({ day, locale }),
    context.matches.listHotFootball({ day, page: 1, size: HOT_LIST_PAGE_SIZE, locale }),
    context.matches.listBasketball({ timestamp: day, locale }),
    // Read whatever is live: the line shows as soon as the last live match ends.
    loadNextKickOff(context.matches, locale),
  ]);
  const hotIds = hotPageCompetitionIds(hot);
  return {
    football: restrictFootballData(football, hotIds),
    hotIds,
    hasMoreHot: hot.total > hot.page * hot.size,
    footballTotal: countFootballDay(football).total,
    footballLiveIds: liveFootballIds(football),
    nextKickOff,
    basketball,
    nowSec: Math.floor(nowMs / 1000),
    daySec: day,
  };
}

export const meta: MetaFunction<typeof loader> = ({ location, matches }) =>
  scoresMeta({
    location,
    matches,
    title: (t) => t('meta.home.title'),
    description: (t) => t('meta.home.description'),
  });

function MoreLink({ to, children }: { to: string; children: string }) {
  return (
    <LocalLink to={to} className="block border-t border-line px-3 py-2.5 text-center text-sm font-semibold text-accent hover:bg-surface-muted">
      {children}
    </LocalLink>
  );
}

export default function HomePage() {
  const { t } = useTranslation('scores');
  const { football, hotIds, hasMoreHot, footballTotal, footballLiveIds, nextKickOff, basketball, nowSec, daySec } = useLoaderData<typeof loader>();
  const dayTitle = useListDayTitle(daySec, nowSec);
  const select = useMemo(() => (data: FootballListData) => restrictFootballData(data, hotIds), [hotIds]);
  const lists = useFootballLists({ data: football, nowSec, select });
  const basketballLists = useBasketballLists({ data: basketball });
  // Every competition's live football counts, not only the hot ones the list shows.
  const footballLive = useLiveFootballCount(footballLiveIds);
  const nothingLive = footballLive === 0 && basketballLists.live.length === 0;

  const footballSections = useMemo<RowSection<FootballMatch>[]>(
    () => [
      { id: 'live', groups: lists.live },
      { id: 'notStarted', groups: lists.notStarted },
      { id: 'finished', groups: lists.finished },
    ],
    [lists],
  );
  const basketballSections = useMemo<RowSection<BasketballMatch>[]>(() => {
    if (basketballLists.live.length > 0) return [{ id: 'live', groups: groupByCompetition(basketballLists.live) }];
    return [{ id: 'notStarted', groups: groupByCompetition(basketballLists.waiting.slice(0, NEXT_BASKETBALL_COUNT)) }];
  }, [basketballLists]);
  const basketballTotal = basketballLists.live.length + basketballLists.waiting.length + basketballLists.finished.length;
  // The side columns (desktop): the day's matches the page holds, both sports.
  const footballMatches = useMemo(() => sideMatches([...lists.live, ...lists.notStarted, ...lists.finished]), [lists]);
  const basketballMatches = useMemo(
    () => sideMatches([], [...basketballLists.live, ...basketballLists.waiting, ...basketballLists.finished]),
    [basketballLists],
  );
  const sideAll = useMemo(() => [...footballMatches, ...basketballMatches], [footballMatches, basketballMatches]);
  const footballCompetitions = useCompetitionGroup('football', t('columns.football'), footballMatches, lists.competitions, hotIds);
  const basketballCompetitions = useCompetitionGroup('basketball', t('columns.basketball'), basketballMatches, basketballLists.competitions);

  return (
    <ServerNowContext value={nowSec}>
      <ListColumns matches={sideAll} competitions={[footballCompetitions, basketballCompetitions]} favouritesTo="/football?list=favourites">
        <div className="mx-auto grid w-full max-w-6xl gap-3 sm:py-3 lg:py-0">
          <section aria-labelledby="home-football" className="bg-surface sm:rounded-lg sm:border sm:border-line">
            <ScoresToolbar title={t('home.title')} daySec={daySec} />
            <h2 id="home-football" className="sr-only">
              {t('home.hotFootball', { day: dayTitle })}
            </h2>
            <p className="border-b border-line px-3 py-2 text-xs text-muted">{t('home.hotIntro')}</p>
            {nothingLive && nextKickOff !== null && <NextKickOffLine next={nextKickOff} />}
            <ScoreList sport="football" sections={footballSections} competitions={lists.competitions} changedAt={lists.changedAt} empty={t('empty.home')} />
            <MoreLink to={hasMoreHot ? '/football?list=hot' : '/football'}>
              {hasMoreHot ? t('home.moreHot') : t('home.allFootball', { count: footballTotal, day: dayTitle })}
            </MoreLink>
          </section>
          <section aria-labelledby="home-basketball" className="bg-surface sm:rounded-lg sm:border sm:border-line">
            <h2 id="home-basketball" className="border-b border-line px-3 py-2.5 text-base font-bold">
              {t('home.basketball')}
            </h2>
            <ScoreList
              sport="basketball"
              sections={basketballSections}
              competitions={basketballLists.competitions}
              changedAt={basketballLists.changedAt}
              empty={t('empty.basketballHome')}
            />
            <MoreLink to="/basketball">{t('home.allBasketball', { count: basketballTotal, day: dayTitle })}</MoreLink>
          </section>
          <SuccessRateTeaser />
        </div>
      </ListColumns>
    </ServerNowContext>
  );
}
