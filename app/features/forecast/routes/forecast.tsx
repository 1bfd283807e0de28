import type { MetaFunction } from 'react-router';
import { pageMeta } from '../../../lib/page-meta';
import { useRouteView, viewOfMatches } from '../../../lib/route-view';
import { ForecastFrame } from '../components/forecast-frame';
import { MyFollowView, MyView, RecommendView, UpToDateView } from '../components/plan-feeds';
import { PublishView } from '../components/publish-plan-form';
import { RankingsView } from '../components/rankings';
import { FORECAST_VIEWS, type ForecastView } from '../forecast-views';

export const meta: MetaFunction = (args) => {
  const view = viewOfMatches(args.matches);
  return pageMeta(args, {
    namespace: 'pages',
    title: view ? `forecast.views.${view}` : 'forecast.page.title',
    description: 'forecast.page.offer',
  });
};

function isForecastView(x: string | null): x is ForecastView {
  return x !== null && (FORECAST_VIEWS as readonly string[]).includes(x);
}

function ViewBody({ view }: { view: ForecastView }) {
  switch (view) {
    case 'upToDate':
      return <UpToDateView />;
    case 'recommend':
      return <RecommendView />;
    case 'myFollow':
      return <MyFollowView />;
    case 'my':
      return <MyView />;
    case 'launchDialog':
      return <PublishView />;
    case 'winningRanking':
      return <RankingsView />;
  }
}

/**
 * The prediction centre (/forecast, the latest plans) and its sub-views (/forecast/{view}). The
 * server renders the frame; every list, figure and plan loads in the browser with the reader's
 * session (GET /api/forecast/…), so no locked plan content is ever part of the page's HTML.
 */
export default function ForecastRoute() {
  const routeView = useRouteView();
  const view: ForecastView = isForecastView(routeView) ? routeView : 'upToDate';
  return (
    <ForecastFrame view={view}>
      <ViewBody view={view} />
    </ForecastFrame>
  );
}
