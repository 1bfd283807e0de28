import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import type { BettingMatch } from '../../../../core/contracts/guessing';
import { isCornerMarket, type PricedSelection } from '../../../../core/contracts/odds';
import { formatOdds, marketKey, periodKey } from '../../../components/forecast/forecast-format';
import { useOddsFormat } from '../../../components/forecast/odds-format';
import { FormAlert, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useLocale, useLocalizedPath } from '../../../lib/locale';
import { dateTimeFormat } from '../../../lib/intl';
import { formatKickOffTime, isoOfLocale, startOfZonedDaySec } from '../../../lib/match-time';
import { useTimeZone } from '../../../lib/time-zone';
import { useHydrated } from '../../../lib/use-clock';
import { useApiData } from '../../../lib/use-api-data';
import { BETTING_DAYS, bettingDayIndexOf, bettingDayStart, bettingSportOf, type GuessingPageData } from '../betting-day';
import { guessingApi } from '../guessing-api';
import { guessingPaths } from '../guessing-paths';
import { groupMarketRows, mainMarkets, sameSelection, toggleSelection, type MarketGroup, type MarketRow } from '../slip';
import { useSlip } from '../slip-store';
import { BetSlip } from './bet-slip';
import { GuessingCard } from './guessing-frame';
import { useSelectionLabel, useShortPickLabel } from './selection-label';

/**
 * The betting page: a sport switch and a day switch (today and the next two days), each match
 * with its kick-off and closing time in the reader's zone and its headline prices, every market
 * behind an expander; a price goes on the slip, which sits beside the list on wide screens and
 * opens as a drawer from a bottom bar on phones. The matches still taking bets come first; the
 * closed ones (started, finished, past the cut-off) wait behind a toggle at the end.
 *
 * The day comes rendered from the server (the route's loader, docs/decisions/118); another day or
 * sport is a navigation that reads it there again. Without the server's day (a page rendered on
 * its own, or a day that turned over since) the browser asks GET /api/guessing/day.
 */
export function BettingView() {
  const { t } = useTranslation('guessing');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const sport = bettingSportOf(params.get('sport'));
  const dayIndex = bettingDayIndexOf(params.get('day'));
  // Days in the page's zone, like the list pages' (decision 115).
  const timeZone = useTimeZone();
  const dayStart = (index: number) => bettingDayStart(Date.now(), timeZone, index);
  const day = dayStart(dayIndex);
  const loaded = useLoaderData<GuessingPageData | null>();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const served = loaded?.board && loaded.board.sport === sport && loaded.board.day === day ? loaded.board.data : null;
  const askBrowser = served === null && !loaded?.failed;
  const fetched = useApiData(askBrowser ? `guessing-day:${sport}:${day}` : 'guessing-day:served', () => (askBrowser ? guessingApi.day(sport, day) : Promise.resolve(null)));
  const board = {
    data: served ?? (askBrowser ? fetched.data : null),
    error: loaded?.failed ? true : askBrowser ? fetched.error : null,
    reload: () => (loaded?.failed ? void revalidator.revalidate() : fetched.reload()),
  };
  const refreshing = navigation.state === 'loading' || revalidator.state === 'loading';
  const openMatches = board.data?.matches.filter((entry) => entry.open) ?? [];
  const closedMatches = board.data?.matches.filter((entry) => !entry.open) ?? [];
  const [slip] = useSlip();
  const [drawer, setDrawer] = useState(false);

  const choose = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) next.set(key, value);
    setParams(next, { preventScrollReset: true, replace: true });
  };
  const dayLabel = (index: number) => {
    if (index === 0) return t('day.today');
    if (index === 1) return t('day.tomorrow');
    return dateTimeFormat(isoOfLocale(locale), { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(new Date(dayStart(index) * 1000));
  };
  const limits = board.data?.limits ?? null;

  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <GuessingCard testId="betting-board">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <div className="flex gap-1" role="group" aria-label={t('board.sport')}>
            {(['football', 'basketball'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={sport === value}
                onClick={() => choose({ sport: value })}
                className={`rounded-full border px-3 py-1 text-sm font-medium ${sport === value ? 'border-accent bg-accent-soft text-accent-strong dark:text-accent' : 'border-line text-muted hover:text-text'}`}
                data-testid={`sport-${value}`}
              >
                {t(`forecast:sport.${value}`)}
              </button>
            ))}
          </div>
          <div className="flex gap-1" role="group" aria-label={t('board.day')}>
            {Array.from({ length: BETTING_DAYS }, (_, index) => (
              <button
                key={index}
                type="button"
                aria-pressed={dayIndex === index}
                onClick={() => choose({ day: String(index) })}
                className={`rounded-full border px-3 py-1 text-sm font-medium whitespace-nowrap ${dayIndex === index ? 'border-accent bg-accent-soft text-accent-strong dark:text-accent' : 'border-line text-muted hover:text-text'}`}
                data-testid={`day-${index}`}
              >
                {hydrated ? dayLabel(index) : index === 0 ? t('day.today') : index === 1 ? t('day.tomorrow') : t('day.later')}
              </button>
            ))}
          </div>
        </div>
        {board.error ? (
          <div className="grid justify-items-start gap-2" data-testid="betting-failed">
            <FormAlert>{(board.error === true ? null : apiErrorDetails(board.error).message) ?? t('board.failed')}</FormAlert>
            <button type="button" className={secondaryButtonClass} onClick={board.reload} disabled={refreshing} data-testid="betting-retry">
              {t('board.retry')}
            </button>
          </div>
        ) : board.data === null ? (
          <p className="text-sm text-muted" role="status" data-testid="betting-loading">
            {t('board.loading')}
          </p>
        ) : board.data.matches.length === 0 ? (
          <p className="text-sm text-muted" data-testid="betting-empty">
            {t('board.empty')}
          </p>
        ) : (
          <div className={`grid gap-3 ${refreshing ? 'opacity-60' : ''}`} aria-busy={refreshing || undefined}>
            {openMatches.length === 0 ? (
              <p className="text-sm text-muted" data-testid="betting-none-open">
                {t('board.noneOpen')}
              </p>
            ) : (
              <ul className="grid gap-3" data-testid="open-matches">
                {openMatches.map((entry) => (
                  <MatchCard key={entry.match.id} entry={entry} />
                ))}
              </ul>
            )}
            {closedMatches.length > 0 ? (
              <details className="rounded-md border border-line" data-testid="closed-matches">
                <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-muted select-none">{t('board.closedMatches', { count: closedMatches.length })}</summary>
                <ul className="grid gap-3 px-3 pb-3">
                  {closedMatches.map((entry) => (
                    <MatchCard key={entry.match.id} entry={entry} />
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        )}
      </GuessingCard>

      <aside className="hidden lg:sticky lg:top-20 lg:block">
        <GuessingCard>
          <BetSlip limits={limits} />
        </GuessingCard>
      </aside>

      {/* Phones: a bar at the bottom opens the slip as a drawer. */}
      <Dialog.Root open={drawer} onOpenChange={setDrawer}>
        <div className="fixed inset-x-0 bottom-0 z-[var(--z-index-layer)] border-t border-line bg-surface px-4 py-2 lg:hidden">
          <Dialog.Trigger asChild>
            <button type="button" className="flex w-full items-center justify-between rounded-md bg-accent px-4 py-2 text-sm font-semibold text-white" data-testid="slip-open">
              <span>{t('slip.title')}</span>
              <span className="rounded-full bg-white/20 px-2 tabular-nums">{slip.items.length}</span>
            </button>
          </Dialog.Trigger>
        </div>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[var(--z-index-layer)] bg-black/50" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-x-0 bottom-0 z-[var(--z-index-layer)] max-h-[85vh] overflow-y-auto rounded-t-xl border-t border-line bg-surface p-4 text-text shadow-xl"
            data-testid="slip-drawer"
          >
            <Dialog.Title className="sr-only">{t('slip.title')}</Dialog.Title>
            <BetSlip limits={limits} />
            <Dialog.Close asChild>
              <button type="button" className={`${secondaryButtonClass} mt-3 w-full`}>
                {t('slip.close')}
              </button>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <div className="h-14 lg:hidden" aria-hidden="true" />
    </div>
  );
}

/**
 * One match of the betting page: its kick-off and closing time, headline prices and every market
 * behind an expander (drawn when it opens; `expanded` draws it open from the start).
 */
export function MatchCard({ entry, expanded: openAtFirst = false }: { entry: BettingMatch; expanded?: boolean }) {
  const { t } = useTranslation('guessing');
  const locale = useLocale();
  const { match } = entry;
  const zone = useTimeZone();
  const headline = useMemo(() => mainMarkets(entry.markets), [entry.markets]);
  const groups = useMemo(() => groupMarketRows(entry.markets), [entry.markets]);
  const goalGroups = groups.filter((group) => !isCornerMarket(group.market));
  const cornerGroups = groups.filter((group) => isCornerMarket(group.market));
  const shortLabel = useShortPickLabel();
  // Every market is drawn only once the expander opens: a day of fifty matches would otherwise
  // put thousands of price buttons into the page a phone has to parse.
  const [expanded, setExpanded] = useState(openAtFirst);
  const details = useRef<HTMLDetailsElement>(null);
  // Opened before the page hydrated (the toggle event came before React): draw it now.
  useEffect(() => {
    if (details.current?.open) setExpanded(true);
  }, []);
  return (
    <li className="grid gap-2 rounded-md border border-line p-3" data-testid="betting-match" data-match={match.id} data-open={entry.open ? 'true' : 'false'}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-xs text-muted">{match.competition.name}</p>
          <p className="font-semibold">
            {match.home.name} <span className="text-muted">–</span> {match.away.name}
          </p>
        </div>
        <div className="text-right text-xs tabular-nums">
          <p className="font-semibold">{formatKickOffTime(match.match_time, locale, zone)}</p>
          {entry.open ? (
            <p className="text-muted" data-testid="closes-at">
              {t('board.closesAt', { time: formatKickOffTime(entry.closes_at, locale, zone) })}
            </p>
          ) : (
            <p className="font-medium text-accent" data-testid="closed-reason">
              {entry.reason_text ?? t('board.closed')}
            </p>
          )}
        </div>
      </div>
      {entry.open && headline.length > 0 ? (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-[3fr_2fr_2fr]">
          {headline.map(({ market, row }) => (
            <div key={market} className="grid gap-1">
              <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t(`headline.${market}`)}</p>
              <div className={`grid gap-1 ${row.options.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}`}>
                {row.options.map((option) => (
                  <PriceButton key={`${option.pick}:${option.line ?? ''}`} entry={entry} option={option} label={shortLabel(match, option)} />
                ))}
              </div>
            </div>
          ))}
        </div>
      ) : null}
      {entry.open && groups.length > 0 ? (
        <details ref={details} open={openAtFirst || undefined} className="group" data-testid="all-markets" onToggle={(event) => setExpanded(event.currentTarget.open)}>
          <summary className="cursor-pointer text-sm font-medium text-accent select-none">{t('board.allMarkets', { count: entry.markets.length })}</summary>
          {expanded ? (
            <div className="mt-2 grid gap-3">
              {goalGroups.map((group) => (
                <MarketGroupRows key={`${group.market}:${group.period}`} entry={entry} group={group} />
              ))}
              {/* Corner markets (football, when the match's corners are priced): a section of their own. */}
              {cornerGroups.length > 0 ? (
                <div className="grid gap-3 border-t border-line pt-3" data-testid="corner-markets">
                  <p className="text-sm font-semibold">{t('board.corners')}</p>
                  {cornerGroups.map((group) => (
                    <MarketGroupRows key={`${group.market}:${group.period}`} entry={entry} group={group} />
                  ))}
                </div>
              ) : null}
            </div>
          ) : null}
        </details>
      ) : null}
    </li>
  );
}

function MarketGroupRows({ entry, group }: { entry: BettingMatch; group: MarketGroup }) {
  const { t } = useTranslation('guessing');
  return (
    <div className="grid gap-1.5" data-testid="market-group" data-market={`${group.market}:${group.period}`}>
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">
        {t(`forecast:${marketKey(group.market)}`)} · {t(`forecast:${periodKey(group.period)}`)}
      </p>
      {group.rows.map((row) => (
        <MarketRowButtons key={String(row.line)} entry={entry} row={row} />
      ))}
    </div>
  );
}

function MarketRowButtons({ entry, row }: { entry: BettingMatch; row: MarketRow }) {
  const label = useSelectionLabel();
  const shortLabel = useShortPickLabel();
  return (
    <div className={`grid gap-1 ${row.options.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}`}>
      {row.options.map((option) => {
        const words = label(entry.match, option).pick;
        // Three narrow buttons: most corners shows the team's name (or "Level"), and says the whole pick to screen readers.
        const shown = option.market === 'corners_most' ? shortLabel(entry.match, option) : words;
        return <PriceButton key={`${option.pick}:${option.line ?? ''}`} entry={entry} option={option} label={shown} fullLabel={words} />;
      })}
    </div>
  );
}

function PriceButton({ entry, option, label, fullLabel }: { entry: BettingMatch; option: PricedSelection; label: string; fullLabel?: string }) {
  const locale = useLocale();
  // Painted by the server before the scripts run: a tap can only reach the slip once the page has hydrated.
  const hydrated = useHydrated();
  const [format] = useOddsFormat();
  const [slip, update] = useSlip();
  const selection = { market: option.market, period: option.period, pick: option.pick, line: option.line };
  const chosen = slip.items.some((x) => x.match.id === entry.match.id && sameSelection(x.selection, selection));
  return (
    <button
      type="button"
      aria-pressed={chosen}
      disabled={!hydrated}
      onClick={() => update((s) => toggleSelection(s, { match: entry.match, selection, odds: option.odds }))}
      className={`flex min-w-0 items-center justify-between gap-1 rounded-md border px-2 py-1.5 text-sm ${chosen ? 'border-accent bg-accent-soft' : 'border-line hover:bg-surface-muted'}`}
      data-testid="price"
      data-selection={`${option.market}:${option.period}:${option.pick}:${option.line ?? ''}`}
    >
      {fullLabel !== undefined && fullLabel !== label ? (
        <>
          <span className="line-clamp-2 min-w-0 text-left text-xs break-words text-muted" aria-hidden="true">
            {label}
          </span>
          <span className="sr-only">{fullLabel}</span>
        </>
      ) : (
        <span className="line-clamp-2 min-w-0 text-left text-xs break-words text-muted">{label}</span>
      )}
      <span className="font-bold tabular-nums">{formatOdds(option.odds, format, locale)}</span>
    </button>
  );
}

/** postABet: the slip as a page of its own (phones reach it from the tabs too). */
export function PostABetView() {
  const { t } = useTranslation('guessing');
  const day = startOfZonedDaySec(Date.now(), useTimeZone());
  const localize = useLocalizedPath();
  const board = useApiData(`guessing-limits:${day}`, () => guessingApi.day('football', day));
  return (
    <GuessingCard testId="post-a-bet">
      <p className="mb-3 text-sm text-muted">{t('slip.pageLead')}</p>
      <BetSlip limits={board.data?.limits ?? null} fullPage />
      <p className="mt-3 text-sm">
        <Link to={localize(guessingPaths.view('betting'))} className="font-medium text-accent">
          {t('slip.addMore')}
        </Link>
      </p>
    </GuessingCard>
  );
}
