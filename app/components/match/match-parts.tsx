import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCORE_CHANGED_FLAG_MS } from '../../../core/constants';
import type { Pair, Sport } from '../../../core/contracts/matches';
import { isScoreChanged } from '../../../core/match/lists';
import { showNotice } from '../notice/notice-store';
import { apiErrorDetails } from '../../lib/account-api';
import { useLocale } from '../../lib/locale';
import { isMatchCollected } from '../../lib/collections/collected-matches';
import { FollowLimitError, setMatchCollected, useCollected } from '../../lib/collections/collected-store';
import { formatKickOffTime } from '../../lib/match-time';
import { useTimeZone } from '../../lib/time-zone';
import { StarIcon } from '../ui/star-icon';

/**
 * A team or competition crest: a generated image with fixed size (no layout shift), loaded
 * lazily — except where it is the page's largest image (the match header): `priority` loads it
 * at once, as the first screen needs it.
 */
export function Crest({ src, size = 20, priority = false }: { src: string; size?: number; priority?: boolean }) {
  if (src === '') return <span aria-hidden="true" className="inline-block shrink-0 rounded-full bg-line" style={{ width: size, height: size }} />;
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className="shrink-0 object-contain"
      style={{ width: size, height: size }}
    />
  );
}

/**
 * A start time in the reader's time zone and locale: the zone the page is rendered in, from the
 * server's first byte on (decision 115), so hydration changes nothing.
 */
export function KickOffTime({ epochSec, className }: { epochSec: number; className?: string }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <time dateTime={new Date(epochSec * 1000).toISOString()} className={className}>
      {formatKickOffTime(epochSec, locale, timeZone)}
    </time>
  );
}

/** Red cards of one side: a small red card with the count, nothing when none. */
export function RedCards({ count }: { count: number }) {
  const { t } = useTranslation('scores');
  if (count <= 0) return null;
  return (
    <span
      className="inline-flex h-4 min-w-3 shrink-0 items-center justify-center rounded-[2px] bg-red-600 px-0.5 text-xs leading-none font-bold text-white"
      title={t('row.redCards', { count })}
    >
      <span aria-hidden="true">{count > 1 ? count : ''}</span>
      <span className="sr-only">{t('row.redCards', { count })}</span>
    </span>
  );
}

/**
 * Whether a match's score changed in the last 10 s (core isScoreChanged), given when it last
 * changed; re-renders when the flag runs out so the highlight goes away by itself.
 */
export function useScoreChanged(changedAtMs: number | undefined, matchId: number): boolean {
  const [nowMs, setNowMs] = useState<number | null>(null);
  useEffect(() => {
    if (changedAtMs === undefined) return;
    const now = Date.now();
    setNowMs(now);
    const left = changedAtMs + SCORE_CHANGED_FLAG_MS - now;
    if (left <= 0) return;
    const timer = setTimeout(() => setNowMs(Date.now()), left);
    return () => clearTimeout(timer);
  }, [changedAtMs]);
  if (changedAtMs === undefined || nowMs === null) return false;
  return isScoreChanged({ changedAt: { [String(matchId)]: changedAtMs } }, matchId, nowMs);
}

/** Half-time score, e.g. "HT 1-0". */
export function HalfTime({ ht }: { ht: Pair | null }) {
  const { t } = useTranslation('scores');
  if (ht === null) return null;
  return (
    <span className="text-xs leading-none text-muted tabular-nums">
      {t('row.halfTime', { home: ht[0], away: ht[1] })}
    </span>
  );
}

/**
 * The collect (favourite) star. Signed in, it collects or removes the match at once (and goes
 * back with a notice if the server refuses); signed out it stars the match in the browser,
 * which moves into the account at sign-in (docs/decisions/095). The state comes from the
 * reader's collections, not from the shared day list.
 */
export function CollectButton({
  sport,
  match,
  teams,
}: {
  sport: Sport;
  match: { match_id: number; is_collect: boolean };
  teams: string;
}) {
  const { t } = useTranslation('scores');
  const collected = useCollected();
  const isCollected = isMatchCollected(collected, sport, match);
  return (
    <button
      type="button"
      data-testid="collect-button"
      onClick={() => {
        setMatchCollected(sport, match.match_id, !isCollected).catch((error: unknown) => {
          const message = error instanceof FollowLimitError ? t('row.collectLimit', { max: error.max }) : apiErrorDetails(error).message;
          showNotice({ message: message ?? t('row.collectFailed') });
        });
      }}
      aria-pressed={isCollected}
      aria-label={isCollected ? t('row.uncollect', { teams }) : t('row.collect', { teams })}
      title={isCollected ? t('row.uncollect', { teams }) : t('row.collect', { teams })}
      className={`grid size-8 shrink-0 place-items-center rounded-full hover:bg-surface-muted ${isCollected ? 'text-amber-700 dark:text-goal' : 'text-muted'}`}
    >
      <StarIcon filled={isCollected} size={18} strokeWidth={1.6} />
    </button>
  );
}
