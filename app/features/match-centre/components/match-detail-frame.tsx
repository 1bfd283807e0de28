import type { ReactNode } from 'react';
import type { Sport } from '../../../../core/contracts/matches';
import { LiveIndicator } from '../../../components/live-indicator';
import { ServerNowContext } from '../../../lib/use-clock';
import { DetailTabs } from './detail-tabs';
import { ExpiredNotice } from './expired-notice';

/**
 * The frame both match pages share: live indicator (until the match is over), the sport's header, then the tabs and the
 * open tab's panel, or the notice that the detail has expired. Only the header and the panel
 * differ between football and basketball.
 */
export function MatchDetailFrame<Tab extends string>({
  sport,
  matchId,
  nowSec,
  tabs,
  tab,
  header,
  panel,
  isOver,
}: {
  sport: Sport;
  matchId: number;
  /** the loader's clock, so the server's minutes are the hydrating render's minutes */
  nowSec: number;
  tabs: readonly Tab[];
  tab: Tab;
  header: ReactNode;
  /** null when the match is too old to have a detail */
  panel: ReactNode | null;
  /**
   * The match is over (ended or cancelled): the live channel's "Live" badge is left out, since
   * it read as if the finished match were still being played.
   */
  isOver: boolean;
}) {
  return (
    <ServerNowContext value={nowSec}>
      <article className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line">
        {!isOver && (
          <div className="flex justify-end px-3 pt-2" data-testid="match-live-indicator">
            <LiveIndicator />
          </div>
        )}
        {header}
        {panel === null ? (
          <ExpiredNotice />
        ) : (
          <>
            <DetailTabs tabs={tabs} current={tab} basePath={`/${sport}/Details/${matchId}`} />
            {panel}
          </>
        )}
      </article>
    </ServerNowContext>
  );
}
