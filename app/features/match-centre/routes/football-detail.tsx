import { useEffect } from 'react';
import { data, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { detailAllowed } from '../../../../core/contracts/match-centre';
import { knownFootballMatches } from '../../live/known-matches';
import { applyFootballMessageToMatch } from '../../live/single-match';
import { FootballDetailPanel } from '../../match-centre/components/football-detail-panel';
import { ExpiredNotice } from '../../match-centre/components/expired-notice';
import { loadFootballPanel, type FootballPanel } from '../../match-centre/match-centre.server';
import { matchPageMeta } from '../../match-centre/match-seo';
import { DetailTabs } from '../components/detail-tabs';
import { FootballMatchHeader } from '../components/match-header';
import { useScoreChanged } from '../components/match-parts';
import { LiveIndicator } from '../components/scores-toolbar';
import { parseMatchId } from '../day';
import { loaderLocale } from '../route-helpers';
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
  const nowSec = Math.floor(Date.now() / 1000);
  // Matches older than three months keep their header but have no detail (sections 5 and 9).
  let panel: FootballPanel | 'expired' = 'expired';
  if (detailAllowed(found.match.match_time, nowSec)) {
    const result = await loadFootballPanel(context, { tab, matchId, locale });
    if (result === null) throw data(null, { status: 404 });
    panel = result;
  }
  return { ...found, tab, nowSec, panel };
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

  // The goal pop-up works for the match on screen, even if no list page was opened first.
  useEffect(() => knownFootballMatches.remember(loaded.match), [loaded.match]);

  return (
    <ServerNowContext value={loaded.nowSec}>
      <article className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line">
        <div className="flex justify-end px-3 pt-2">
          <LiveIndicator />
        </div>
        <FootballMatchHeader match={match} competition={loaded.competition} changed={changed} />
        {loaded.panel === 'expired' ? (
          <ExpiredNotice />
        ) : (
          <>
            <DetailTabs tabs={FOOTBALL_TABS} current={loaded.tab} basePath={`/football/Details/${match.match_id}`} />
            <FootballDetailPanel panel={loaded.panel} match={match} nowSec={loaded.nowSec} />
          </>
        )}
      </article>
    </ServerNowContext>
  );
}
