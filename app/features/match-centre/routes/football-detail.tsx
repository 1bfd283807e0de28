import { useEffect } from 'react';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { useScoreChanged } from '../../../components/match/match-parts';
import { knownFootballMatches } from '../../../live/known-matches';
import { applyFootballMessageToMatch } from '../../../live/single-match';
import { useLiveMatch } from '../../../live/use-live-match';
import { FootballDetailPanel } from '../components/football-detail-panel';
import { MatchDetailFrame } from '../components/match-detail-frame';
import { NewsBlock } from '../../../components/news/news-list';
import { loaderLocale } from '../../../lib/locale';
import { latestNewsFor } from '../../../lib/news';
import { isFootballMatchOver } from '../match-state';
import { FootballMatchHeader } from '../components/match-header';
import { loadFootballPanel, loadMatchDetail } from '../match-centre.server';
import { matchPageMeta } from '../match-seo';
import { FOOTBALL_TABS } from '../tabs';

export async function loader({ params, context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const loaded = await loadMatchDetail({
    request,
    params,
    tabs: FOOTBALL_TABS,
    findMatch: (query) => context.matches.findFootballMatch(query),
    loadPanel: ({ tab, matchId, locale }) => loadFootballPanel(context, { tab, matchId, locale }),
  });
  return { ...loaded, news: await latestNewsFor(context, { type: 'match', id: loaded.match.match_id }, loaderLocale(request)) };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, location, matches }) => {
  if (!loaded) return [];
  return matchPageMeta({ sport: 'football', match: loaded.match, competition: loaded.competition, location, matches });
};

export default function FootballDetailPage() {
  const loaded = useLoaderData<typeof loader>();
  const { match, changedAt } = useLiveMatch({
    sport: 'football',
    match: loaded.match,
    apply: (m, message, nowMs) => applyFootballMessageToMatch(m, message, nowMs).match,
  });
  const changed = useScoreChanged(changedAt[String(match.match_id)], match.match_id);

  // The goal pop-up works for the match on screen, even if no list page was opened first; its
  // competition says whether it is a hot one (the default pop-ups, decision 110).
  useEffect(() => {
    knownFootballMatches.rememberCompetitions({ [String(loaded.competition.competition_id)]: loaded.competition });
    knownFootballMatches.remember(loaded.match);
  }, [loaded.match, loaded.competition]);

  return (
    <>
      <MatchDetailFrame
        sport="football"
        matchId={match.match_id}
        nowSec={loaded.nowSec}
        tabs={FOOTBALL_TABS}
        tab={loaded.tab}
        isOver={isFootballMatchOver(match.status_id)}
        header={<FootballMatchHeader match={match} competition={loaded.competition} changed={changed} />}
        panel={loaded.panel === 'expired' ? null : <FootballDetailPanel panel={loaded.panel} match={match} nowSec={loaded.nowSec} />}
      />
      <div className="mx-auto w-full max-w-4xl bg-surface sm:mb-3 sm:rounded-lg sm:border sm:border-line">
        <NewsBlock articles={loaded.news} />
      </div>
    </>
  );
}
