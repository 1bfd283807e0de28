import { useState, type ReactNode } from 'react';
import type { Sport } from '../../../../core/contracts/matches';
import { LiveIndicator } from '../../../components/live-indicator';
import { ServerNowContext } from '../../../lib/use-clock';
import { DetailTabs } from './detail-tabs';
import { ExpiredNotice } from './expired-notice';

/**
 * The live badge's line above the header: shown while the match is on; left out of a page that
 * opens on a match already over; and when the match ends while the page is open, its line keeps
 * its height with the badge hidden, so the header and everything under it stay where the reader
 * has them (a line that went away moved the whole page up).
 */
export function liveBadgeLine(isOverAtLoad: boolean, isOver: boolean): 'shown' | 'hidden' | 'absent' {
  if (isOverAtLoad) return 'absent';
  return isOver ? 'hidden' : 'shown';
}

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
  // The state the page opened with: a match ending later keeps the badge's line (see liveBadgeLine).
  const [isOverAtLoad] = useState(isOver);
  const badge = liveBadgeLine(isOverAtLoad, isOver);
  return (
    <ServerNowContext value={nowSec}>
      <article className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line">
        {badge === 'shown' && (
          <div className="flex justify-end px-3 pt-2" data-testid="match-live-indicator">
            <LiveIndicator />
          </div>
        )}
        {badge === 'hidden' && (
          <div className="invisible flex justify-end px-3 pt-2" aria-hidden="true">
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
