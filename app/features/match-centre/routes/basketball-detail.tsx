import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { useScoreChanged } from '../../../components/match/match-parts';
import { startOfZonedDaySec } from '../../../lib/match-time';
import { requestTimeZone } from '../../../lib/time-zone';
import { applyBasketballMessageToMatch } from '../../../live/single-match';
import { useLiveMatch } from '../../../live/use-live-match';
import { BasketballDetailPanel } from '../components/basketball-detail-panel';
import { MatchDetailFrame } from '../components/match-detail-frame';
import { NewsBlock } from '../../../components/news/news-list';
import { loaderLocale } from '../../../lib/locale';
import { latestNewsFor } from '../../../lib/news';
import { isBasketballMatchOver } from '../match-state';
import { BasketballMatchHeader } from '../components/match-header';
import { loadBasketballPanel, loadMatchDetail } from '../match-centre.server';
import { matchPageMeta } from '../match-seo';
import { BASKETBALL_TABS } from '../tabs';

export async function loader({ params, context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const loaded = await loadMatchDetail({
    request,
    params,
    tabs: BASKETBALL_TABS,
    findMatch: (query) => context.matches.findBasketballMatch(query),
    loadPanel: ({ tab, matchId, locale, nowMs }) =>
      loadBasketballPanel(context, { tab, matchId, locale, todaySec: startOfZonedDaySec(nowMs, requestTimeZone(request)) }),
  });
  return { ...loaded, news: await latestNewsFor(context, { type: 'match', id: loaded.match.match_id }, loaderLocale(request)) };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, location, matches }) => {
  if (!loaded) return [];
  return matchPageMeta({ sport: 'basketball', match: loaded.match, competition: loaded.competition, location, matches });
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
    <>
      <MatchDetailFrame
        sport="basketball"
        matchId={match.match_id}
        nowSec={loaded.nowSec}
        tabs={BASKETBALL_TABS}
        tab={loaded.tab}
        isOver={isBasketballMatchOver(match.status_id)}
        header={<BasketballMatchHeader match={match} competition={loaded.competition} changed={changed} />}
        panel={loaded.panel === 'expired' ? null : <BasketballDetailPanel panel={loaded.panel} match={match} nowSec={loaded.nowSec} />}
      />
      <div className="mx-auto w-full max-w-4xl bg-surface sm:mb-3 sm:rounded-lg sm:border sm:border-line">
        <NewsBlock articles={loaded.news} />
      </div>
    </>
  );
}
