import type { AppLoadContext, LoaderFunctionArgs, MetaFunction } from 'react-router';
import { loaderLocale } from '../../../lib/locale';
import { pageMeta } from '../../../lib/page-meta';
import { requestTimeZone } from '../../../lib/time-zone';
import { bettingDayIndexOf, bettingDayStart, bettingSportOf, type GuessingPageData } from '../betting-day';
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

/**
 * The betting page's day is read on the server and rendered with the page (docs/decisions/118):
 * a phone paints the open matches before any script runs. The other views load in the browser.
 * A failed read does not fail the page: it says so and offers a retry.
 */
export async function loader({ request, context }: LoaderFunctionArgs<AppLoadContext>): Promise<GuessingPageData> {
  const url = new URL(request.url);
  const last = url.pathname.split('/').filter(Boolean).pop() ?? null;
  const view = isGuessingView(last) ? last : 'betting';
  if (view !== 'betting' || !context.guessing) return { board: null, failed: false };
  const sport = bettingSportOf(url.searchParams.get('sport'));
  const day = bettingDayStart(Date.now(), requestTimeZone(request), bettingDayIndexOf(url.searchParams.get('day')));
  try {
    const data = await context.guessing.bettingDay({ sport, day, locale: loaderLocale(request) });
    return { board: { sport, day, data }, failed: false };
  } catch {
    return { board: null, failed: true };
  }
}

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
 * server renders the frame and the betting page's day (the loader above); the slip and the
 * reader's bets load in the browser with the reader's session (GET /api/guessing/…).
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
