import type { MetaFunction } from 'react-router';
import { pageMeta } from '../../../lib/page-meta';
import { useRouteView, viewOfMatches } from '../../../lib/route-view';
import { BettingView, PostABetView } from '../components/betting-board';
import { GuessingFrame } from '../components/guessing-frame';
import { MyBetView } from '../components/my-bets';
import { BettingRecordsView, StreakRankingView } from '../components/records';
import { GUESSING_VIEWS, type GuessingView } from '../guessing-views';

export const meta: MetaFunction = (args) => {
  const view = viewOfMatches(args.matches);
  return pageMeta(args, {
    namespace: 'pages',
    title: view ? `guessing.views.${view}` : 'guessing.page.title',
    description: 'guessing.page.offer',
  });
};

function isGuessingView(x: string | null): x is GuessingView {
  return x !== null && (GUESSING_VIEWS as readonly string[]).includes(x);
}

function ViewBody({ view }: { view: GuessingView }) {
  switch (view) {
    case 'betting':
      return <BettingView />;
    case 'postABet':
      return <PostABetView />;
    case 'myBet':
      return <MyBetView />;
    case 'bettingRecords':
      return <BettingRecordsView />;
    case 'winningStreakRankings':
      return <StreakRankingView />;
  }
}

/**
 * The guessing contest (/guessing, the betting page) and its sub-views (/guessing/{view}). The
 * server renders the frame; the day's prices, the slip and the reader's bets load in the
 * browser with the reader's session (GET /api/guessing/…).
 */
export default function GuessingRoute() {
  const routeView = useRouteView();
  const view: GuessingView = isGuessingView(routeView) ? routeView : 'betting';
  return (
    <GuessingFrame tab={view} wide={view === 'betting'}>
      <ViewBody view={view} />
    </GuessingFrame>
  );
}
