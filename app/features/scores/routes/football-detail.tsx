import { useEffect } from 'react';
import { data, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { knownFootballMatches } from '../../live/known-matches';
import { applyFootballMessageToMatch } from '../../live/single-match';
import { DetailTabPanel, DetailTabs } from '../components/detail-tabs';
import { FootballMatchHeader } from '../components/match-header';
import { useScoreChanged } from '../components/match-parts';
import { LiveIndicator } from '../components/scores-toolbar';
import { formatMatchDay, parseMatchId } from '../day';
import { loaderLocale, scoresMeta } from '../route-helpers';
import { FOOTBALL_TABS, resolveTab } from '../tabs';
import { ServerNowContext } from '../use-clock';
import { useLiveMatch } from '../use-live-match';

export async function loader({ params, context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const locale = loaderLocale(request);
  const matchId = parseMatchId(params.matchId);
  const tab = resolveTab(FOOTBALL_TABS, params.tab);
  if (matchId === null || tab === null) throw data(null, { status: 404 });
  const found = await context.matches.findFootballMatch({ matchId, locale });
  if (found === null) throw data(null, { status: 404 });
  return { ...found, tab, nowSec: Math.floor(Date.now() / 1000) };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, location, matches }) => {
  if (!loaded) return [];
  const { match, competition } = loaded;
  return scoresMeta({
    location,
    matches,
    title: (t) => t('meta.footballDetail.title', { home: match.home_team_name, away: match.away_team_name, competition: competition.name }),
    description: (t, locale) =>
      t('meta.footballDetail.description', {
        home: match.home_team_name,
        away: match.away_team_name,
        competition: competition.name,
        date: formatMatchDay(match.match_time, locale, 'UTC'),
      }),
    extra: (t) => [
      {
        name: 'keywords',
        content: t('meta.footballDetail.keywords', {
          home: match.home_team_name,
          away: match.away_team_name,
          competition: competition.name,
          year: new Date(match.match_time * 1000).getUTCFullYear(),
        }),
      },
    ],
  });
};

export default function FootballDetailPage() {
  const loaded = useLoaderData<typeof loader>();
  const { match, changedAt } = useLiveMatch({
    sport: 'football',
    match: loaded.match,
    apply: (m, message, nowMs) => applyFootballMessageToMatch(m, message, nowMs).match,
  });
  const changed = useScoreChanged(changedAt[String(match.match_id)], match.match_id);

  // The goal pop-up works for the match on screen, even if no list page was opened first.
  useEffect(() => knownFootballMatches.remember(loaded.match), [loaded.match]);

  return (
    <ServerNowContext value={loaded.nowSec}>
      <article className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line">
        <div className="flex justify-end px-3 pt-2">
          <LiveIndicator />
        </div>
        <FootballMatchHeader match={match} competition={loaded.competition} changed={changed} />
        <DetailTabs tabs={FOOTBALL_TABS} current={loaded.tab} basePath={`/football/Details/${match.match_id}`} />
        <DetailTabPanel tab={loaded.tab} />
      </article>
    </ServerNowContext>
  );
}
