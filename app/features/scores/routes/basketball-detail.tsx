import { data, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { applyBasketballMessageToMatch } from '../../live/single-match';
import { DetailTabPanel, DetailTabs } from '../components/detail-tabs';
import { BasketballMatchHeader } from '../components/match-header';
import { useScoreChanged } from '../components/match-parts';
import { LiveIndicator } from '../components/scores-toolbar';
import { formatMatchDay, parseMatchId } from '../day';
import { loaderLocale, scoresMeta } from '../route-helpers';
import { BASKETBALL_TABS, resolveTab } from '../tabs';
import { ServerNowContext } from '../use-clock';
import { useLiveMatch } from '../use-live-match';

export async function loader({ params, context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const locale = loaderLocale(request);
  const matchId = parseMatchId(params.matchId);
  const tab = resolveTab(BASKETBALL_TABS, params.tab);
  if (matchId === null || tab === null) throw data(null, { status: 404 });
  const found = await context.matches.findBasketballMatch({ matchId, locale });
  if (found === null) throw data(null, { status: 404 });
  return { ...found, tab, nowSec: Math.floor(Date.now() / 1000) };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, location, matches }) => {
  if (!loaded) return [];
  const { match, competition } = loaded;
  return scoresMeta({
    location,
    matches,
    title: (t) => t('meta.basketballDetail.title', { home: match.home_team_name, away: match.away_team_name, competition: competition.name }),
    description: (t, locale) =>
      t('meta.basketballDetail.description', {
        home: match.home_team_name,
        away: match.away_team_name,
        competition: competition.name,
        date: formatMatchDay(match.match_time, locale, 'UTC'),
      }),
    extra: (t) => [
      {
        name: 'keywords',
        content: t('meta.basketballDetail.keywords', {
          home: match.home_team_name,
          away: match.away_team_name,
          competition: competition.name,
          year: new Date(match.match_time * 1000).getUTCFullYear(),
        }),
      },
    ],
  });
};

export default function BasketballDetailPage() {
  const loaded = useLoaderData<typeof loader>();
  const { match, changedAt } = useLiveMatch({
    sport: 'basketball',
    match: loaded.match,
    apply: (m, message, nowMs) => applyBasketballMessageToMatch(m, message, nowMs),
  });
  const changed = useScoreChanged(changedAt[String(match.match_id)], match.match_id);

  return (
    <ServerNowContext value={loaded.nowSec}>
      <article className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line">
        <div className="flex justify-end px-3 pt-2">
          <LiveIndicator />
        </div>
        <BasketballMatchHeader match={match} competition={loaded.competition} changed={changed} />
        <DetailTabs tabs={BASKETBALL_TABS} current={loaded.tab} basePath={`/basketball/Details/${match.match_id}`} />
        <DetailTabPanel tab={loaded.tab} />
      </article>
    </ServerNowContext>
  );
}
