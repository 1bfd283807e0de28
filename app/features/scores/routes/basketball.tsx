import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { BasketballMatch } from '../../../../core/contracts/matches';
import { BasketballScoreList } from '../components/score-lists';
import { ScoresToolbar } from '../components/scores-toolbar';
import { startOfUtcDaySec } from '../day';
import { loaderLocale, scoresMeta } from '../route-helpers';
import { groupByCompetition, type RowSection } from '../rows';
import { ServerNowContext } from '../use-clock';
import { useBasketballLists } from '../use-live-lists';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const locale = loaderLocale(request);
  const nowMs = Date.now();
  const basketball = await context.matches.listBasketball({ timestamp: startOfUtcDaySec(nowMs), locale });
  return { basketball, nowSec: Math.floor(nowMs / 1000) };
}

export const meta: MetaFunction<typeof loader> = ({ location, matches }) =>
  scoresMeta({
    location,
    matches,
    title: (t) => t('meta.basketball.title'),
    description: (t) => t('meta.basketball.description'),
  });

export default function BasketballPage() {
  const { t } = useTranslation('scores');
  const { basketball, nowSec } = useLoaderData<typeof loader>();
  const lists = useBasketballLists({ data: basketball });
  // Waiting games with status 11–15 are already in `finished` (core createBasketballLists).
  const sections = useMemo<RowSection<BasketballMatch>[]>(
    () => [
      { id: 'live', groups: groupByCompetition(lists.live) },
      { id: 'notStarted', groups: groupByCompetition(lists.waiting) },
      { id: 'finished', groups: groupByCompetition(lists.finished) },
    ],
    [lists],
  );
  return (
    <ServerNowContext value={nowSec}>
      <div className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line">
        <ScoresToolbar title={t('basketball.title')} />
        <BasketballScoreList sections={sections} competitions={lists.competitions} changedAt={lists.changedAt} empty={t('empty.basketball')} />
      </div>
    </ServerNowContext>
  );
}
