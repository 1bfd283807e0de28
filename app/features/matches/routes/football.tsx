import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useSearchParams,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import type { FootballGroup, FootballListData, FootballMatch } from '../../../../core/contracts/matches';
import { countMatches, createFootballLists, hotOnly, type FootballLists } from '../../../../core/match/lists';
import { FavouriteScoreList, ScoreList } from '../components/score-lists';
import { DayPicker, FavouritesViewLink, ListViewSwitch, readListView, ScoresToolbar, useViewSearch } from '../components/scores-toolbar';
import { FilterBox, ListColumns, useCompetitionGroup } from '../components/list-columns';
import { sideMatches } from '../columns';
import { scoresMeta } from '../../../lib/scores-meta';
import { listMetaTexts } from '../list-meta';
import { readListDay, revalidateOnDayChange } from '../day';
import type { RowSection } from '../rows';
import { ServerNowContext } from '../../../lib/use-clock';
import { useFootballLists } from '../../../live/use-live-lists';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const { locale, nowSec, todaySec, daySec } = readListDay(request);
  const football = await context.matches.listFootball({ day: daySec, locale });
  return { football, nowSec, todaySec, daySec };
}

export const meta: MetaFunction<typeof loader> = ({ data, location, matches }) =>
  scoresMeta({
    location,
    matches,
    title: (t, locale, timeZone) => listMetaTexts(t, locale, 'football', data, timeZone).title,
    description: (t, locale, timeZone) => listMetaTexts(t, locale, 'football', data, timeZone).description,
  });

export const shouldRevalidate = revalidateOnDayChange;

function FootballDayView({ lists, isToday, todaySec, daySec }: { lists: FootballLists; isToday: boolean; todaySec: number; daySec: number }) {
  const { t } = useTranslation('scores');
  const [params] = useSearchParams();
  const view = readListView(params);
  const isHot = view === 'hot';
  const searchFor = useViewSearch();

  const { all, sections, counts } = useMemo(() => {
    const all: [RowSection<FootballMatch>['id'], FootballGroup[]][] = [
      ['live', lists.live],
      ['notStarted', lists.notStarted],
      ['finished', lists.finished],
      ['other', lists.other],
    ];
    const hot = all.map(([id, groups]) => [id, hotOnly(groups, lists.hot)] as const);
    const shown = isHot ? hot : all;
    return {
      all: all.map(([id, groups]) => ({ id, groups })),
      sections: shown.map(([id, groups]) => ({ id, groups })),
      counts: {
        all: all.reduce((n, [, groups]) => n + countMatches(groups), 0),
        hot: hot.reduce((n, [, groups]) => n + countMatches(groups), 0),
      },
    };
  }, [lists, isHot]);

  // The side columns (desktop) read the whole day, whatever the view.
  const matches = useMemo(() => sideMatches([...lists.live, ...lists.notStarted, ...lists.finished, ...lists.other]), [lists]);
  const competitions = useCompetitionGroup('football', null, matches, lists.competitions, lists.hot);

  const empty = isToday ? (isHot ? t('empty.footballHot') : t('empty.football')) : isHot ? t('empty.footballHotDay') : t('empty.footballDay');
  return (
    <ListColumns
      matches={matches}
      competitions={[competitions]}
      favouritesTo="/football?list=favourites"
      filters={
        <FilterBox
          label={t('columns.show')}
          items={[
            { key: 'all', search: searchFor('all'), text: t('football.all', { count: counts.all }), current: view === 'all' },
            { key: 'hot', search: searchFor('hot'), text: t('football.hot', { count: counts.hot }), current: view === 'hot' },
            { key: 'favourites', search: searchFor('favourites'), text: t('football.favourites'), current: view === 'favourites' },
          ]}
        />
      }
    >
        <div className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line lg:my-0">
        <ScoresToolbar title={t('football.title')} daySec={daySec}>
          <ListViewSwitch
            label={t('football.view')}
            current={view}
            items={[
              { view: 'all', text: t('football.all', { count: counts.all }) },
              { view: 'hot', text: t('football.hot', { count: counts.hot }) },
            ]}
          />
          <FavouritesViewLink current={view} text={t('football.favourites')} />
        </ScoresToolbar>
        <DayPicker todaySec={todaySec} daySec={daySec} />
        {view === 'favourites' ? (
          // The favourites come from the whole day, whatever All / Hot said.
          <FavouriteScoreList sport="football" sections={all} competitions={lists.competitions} changedAt={lists.changedAt} isToday={isToday} />
        ) : (
          <ScoreList sport="football" sections={sections} competitions={lists.competitions} changedAt={lists.changedAt} empty={empty} />
        )}
        </div>
    </ListColumns>
  );
}

/** Today: the lists move with the live channel. */
function TodayFootball({ data, nowSec, todaySec }: { data: FootballListData; nowSec: number; todaySec: number }) {
  const lists = useFootballLists({ data, nowSec });
  return <FootballDayView lists={lists} isToday todaySec={todaySec} daySec={todaySec} />;
}

/** Another day of the picker: results of the past days and the coming fixtures, as loaded. */
function OtherDayFootball({ data, todaySec, daySec }: { data: FootballListData; todaySec: number; daySec: number }) {
  const lists = useMemo(() => createFootballLists(data), [data]);
  return <FootballDayView lists={lists} isToday={false} todaySec={todaySec} daySec={daySec} />;
}

export default function FootballPage() {
  const { football, nowSec, todaySec, daySec } = useLoaderData<typeof loader>();
  return (
    <ServerNowContext value={nowSec}>
      {daySec === todaySec ? (
        <TodayFootball data={football} nowSec={nowSec} todaySec={todaySec} />
      ) : (
        <OtherDayFootball key={daySec} data={football} todaySec={todaySec} daySec={daySec} />
      )}
    </ServerNowContext>
  );
}
