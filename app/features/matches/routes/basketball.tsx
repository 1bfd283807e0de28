import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { BasketballData, BasketballMatch } from '../../../../core/contracts/matches';
import { createBasketballLists, type BasketballLists } from '../../../../core/match/lists';
import { FavouriteScoreList, ScoreList } from '../components/score-lists';
import { DayPicker, FavouritesViewLink, readListView, ScoresToolbar, useViewSearch } from '../components/scores-toolbar';
import { FilterBox, ListColumns, useCompetitionGroup } from '../components/list-columns';
import { sideMatches } from '../columns';
import { scoresMeta } from '../../../lib/scores-meta';
import { listMetaTexts } from '../list-meta';
import { readListDay, revalidateOnDayChange } from '../day';
import { groupByCompetition, type RowSection } from '../rows';
import { ServerNowContext } from '../../../lib/use-clock';
import { useBasketballLists } from '../../../live/use-live-lists';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const { locale, nowSec, todaySec, daySec } = readListDay(request);
  const basketball = await context.matches.listBasketball({ timestamp: daySec, locale });
  return { basketball, nowSec, todaySec, daySec };
}

export const meta: MetaFunction<typeof loader> = ({ data, location, matches }) =>
  scoresMeta({
    location,
    matches,
    title: (t, locale, timeZone) => listMetaTexts(t, locale, 'basketball', data, timeZone).title,
    description: (t, locale, timeZone) => listMetaTexts(t, locale, 'basketball', data, timeZone).description,
  });

export const shouldRevalidate = revalidateOnDayChange;

function BasketballDayView({ lists, isToday, todaySec, daySec }: { lists: BasketballLists; isToday: boolean; todaySec: number; daySec: number }) {
  const { t } = useTranslation('scores');
  // Waiting games with status 11–15 are already in `finished` (core createBasketballLists).
  const sections = useMemo<RowSection<BasketballMatch>[]>(
    () => [
      { id: 'live', groups: groupByCompetition(lists.live) },
      { id: 'notStarted', groups: groupByCompetition(lists.waiting) },
      { id: 'finished', groups: groupByCompetition(lists.finished) },
    ],
    [lists],
  );
  const [params] = useSearchParams();
  // Basketball has no hot list: All or Favourites.
  const view = readListView(params) === 'favourites' ? 'favourites' : 'all';
  const searchFor = useViewSearch();
  // The side columns (desktop) read the whole day, whatever the view.
  const matches = useMemo(() => sideMatches([], [...lists.live, ...lists.waiting, ...lists.finished]), [lists]);
  const competitions = useCompetitionGroup('basketball', null, matches, lists.competitions);
  return (
    <ListColumns
      matches={matches}
      competitions={[competitions]}
      favouritesTo="/basketball?list=favourites"
      filters={
        <FilterBox
          label={t('columns.show')}
          items={[
            { key: 'all', search: searchFor('all'), text: t('columns.allMatches', { count: matches.length }), current: view === 'all' },
            { key: 'favourites', search: searchFor('favourites'), text: t('basketball.favourites'), current: view === 'favourites' },
          ]}
        />
      }
    >
        <div className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line lg:my-0">
        <ScoresToolbar title={t('basketball.title')} daySec={daySec}>
          <FavouritesViewLink current={view} text={t('basketball.favourites')} />
        </ScoresToolbar>
        <DayPicker todaySec={todaySec} daySec={daySec} />
        {view === 'favourites' ? (
          <FavouriteScoreList sport="basketball" sections={sections} competitions={lists.competitions} changedAt={lists.changedAt} isToday={isToday} />
        ) : (
          <ScoreList
            sport="basketball"
            sections={sections}
            competitions={lists.competitions}
            changedAt={lists.changedAt}
            empty={isToday ? t('empty.basketball') : t('empty.basketballDay')}
          />
        )}
        </div>
    </ListColumns>
  );
}

/** Today: the lists move with the live channel. */
function TodayBasketball({ data, todaySec }: { data: BasketballData; todaySec: number }) {
  const lists = useBasketballLists({ data });
  return <BasketballDayView lists={lists} isToday todaySec={todaySec} daySec={todaySec} />;
}

/** Another day of the picker, as loaded. */
function OtherDayBasketball({ data, todaySec, daySec }: { data: BasketballData; todaySec: number; daySec: number }) {
  const lists = useMemo(() => createBasketballLists(data), [data]);
  return <BasketballDayView lists={lists} isToday={false} todaySec={todaySec} daySec={daySec} />;
}

export default function BasketballPage() {
  const { basketball, nowSec, todaySec, daySec } = useLoaderData<typeof loader>();
  return (
    <ServerNowContext value={nowSec}>
      {daySec === todaySec ? (
        <TodayBasketball data={basketball} todaySec={todaySec} />
      ) : (
        <OtherDayBasketball key={daySec} data={basketball} todaySec={todaySec} daySec={daySec} />
      )}
    </ServerNowContext>
  );
}
