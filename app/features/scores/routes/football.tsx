import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useSearchParams, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { FootballGroup, FootballMatch } from '../../../../core/contracts/matches';
import { countMatches, hotOnly } from '../../../../core/match/lists';
import { FootballScoreList } from '../components/score-lists';
import { ScoresToolbar } from '../components/scores-toolbar';
import { startOfUtcDaySec } from '../day';
import { loaderLocale, scoresMeta, skipSearchOnlyRevalidation } from '../route-helpers';
import type { RowSection } from '../rows';
import { ServerNowContext } from '../use-clock';
import { useFootballLists } from '../use-live-lists';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const locale = loaderLocale(request);
  const nowMs = Date.now();
  const football = await context.matches.listFootball({ day: startOfUtcDaySec(nowMs), locale });
  return { football, nowSec: Math.floor(nowMs / 1000) };
}

export const meta: MetaFunction<typeof loader> = ({ location, matches }) =>
  scoresMeta({
    location,
    matches,
    title: (t) => t('meta.football.title'),
    description: (t) => t('meta.football.description'),
  });

export const shouldRevalidate = skipSearchOnlyRevalidation;

/** The All / Hot switch as links: it works before (and without) JavaScript and can be shared. */
function ListViewSwitch({ isHot, counts }: { isHot: boolean; counts: { all: number; hot: number } }) {
  const { t } = useTranslation('scores');
  const item = (active: boolean) =>
    `px-2.5 py-1.5 font-medium tabular-nums ${active ? 'bg-accent text-accent-contrast' : 'hover:bg-surface-muted'}`;
  return (
    <nav aria-label={t('football.view')} className="flex overflow-hidden rounded-md border border-line text-xs">
      <Link to={{ search: '' }} replace preventScrollReset aria-current={isHot ? undefined : 'page'} className={item(!isHot)}>
        {t('football.all', { count: counts.all })}
      </Link>
      <Link to={{ search: '?list=hot' }} replace preventScrollReset aria-current={isHot ? 'page' : undefined} className={`border-s border-line ${item(isHot)}`}>
        {t('football.hot', { count: counts.hot })}
      </Link>
    </nav>
  );
}

export default function FootballPage() {
  const { t } = useTranslation('scores');
  const { football, nowSec } = useLoaderData<typeof loader>();
  const lists = useFootballLists({ data: football, nowSec });
  const [params] = useSearchParams();
  const isHot = params.get('list') === 'hot';

  const { sections, counts } = useMemo(() => {
    const all: [RowSection<FootballMatch>['id'], FootballGroup[]][] = [
      ['live', lists.live],
      ['notStarted', lists.notStarted],
      ['finished', lists.finished],
      ['other', lists.other],
    ];
    const hot = all.map(([id, groups]) => [id, hotOnly(groups, lists.hot)] as const);
    const shown = isHot ? hot : all;
    return {
      sections: shown.map(([id, groups]) => ({ id, groups })),
      counts: {
        all: all.reduce((n, [, groups]) => n + countMatches(groups), 0),
        hot: hot.reduce((n, [, groups]) => n + countMatches(groups), 0),
      },
    };
  }, [lists, isHot]);

  return (
    <ServerNowContext value={nowSec}>
      <div className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line">
        <ScoresToolbar title={t('football.title')}>
          <ListViewSwitch isHot={isHot} counts={counts} />
        </ScoresToolbar>
        <FootballScoreList
          sections={sections}
          competitions={lists.competitions}
          changedAt={lists.changedAt}
          empty={isHot ? t('empty.footballHot') : t('empty.football')}
        />
      </div>
    </ServerNowContext>
  );
}
