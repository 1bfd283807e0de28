import { data, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { detailAllowed } from '../../../../core/contracts/match-centre';
import { applyBasketballMessageToMatch } from '../../live/single-match';
import { BasketballDetailPanel } from '../../match-centre/components/basketball-detail-panel';
import { ExpiredNotice } from '../../match-centre/components/expired-notice';
import { loadBasketballPanel, type BasketballPanel } from '../../match-centre/match-centre.server';
import { matchPageMeta } from '../../match-centre/match-seo';
import { DetailTabs } from '../components/detail-tabs';
import { BasketballMatchHeader } from '../components/match-header';
import { useScoreChanged } from '../components/match-parts';
import { LiveIndicator } from '../components/scores-toolbar';
import { parseMatchId, startOfUtcDaySec } from '../day';
import { loaderLocale } from '../route-helpers';
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
  const nowMs = Date.now();
  const nowSec = Math.floor(nowMs / 1000);
  // Matches older than three months keep their header but have no detail (sections 5 and 9).
  let panel: BasketballPanel | 'expired' = 'expired';
  if (detailAllowed(found.match.match_time, nowSec)) {
    const result = await loadBasketballPanel(context, { tab, matchId, locale, todaySec: startOfUtcDaySec(nowMs) });
    if (result === null) throw data(null, { status: 404 });
    panel = result;
  }
  return { ...found, tab, nowSec, panel };
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
    <ServerNowContext value={loaded.nowSec}>
      <article className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line">
        <div className="flex justify-end px-3 pt-2">
          <LiveIndicator />
        </div>
        <BasketballMatchHeader match={match} competition={loaded.competition} changed={changed} />
        {loaded.panel === 'expired' ? (
          <ExpiredNotice />
        ) : (
          <>
            <DetailTabs tabs={BASKETBALL_TABS} current={loaded.tab} basePath={`/basketball/Details/${match.match_id}`} />
            <BasketballDetailPanel panel={loaded.panel} match={match} nowSec={loaded.nowSec} />
          </>
        )}
      </article>
    </ServerNowContext>
  );
}
