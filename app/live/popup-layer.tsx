import * as Toast from '@radix-ui/react-toast';
import { useEffect, useMemo, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLLOW_ADDED_TEXTS } from '../i18n/i18n';
import { useLateTexts } from '../i18n/use-late-texts';
import { Link } from 'react-router';
import { GOAL_POPUP_MS, NOTIFICATION_DURATION_MS } from '../../core/constants';
import { useLocalizedPath } from '../lib/locale';
import { hasFavourites, isFollowed, isMatchCollected } from '../lib/collections/collected-matches';
import { getCollected } from '../lib/collections/collected-store';
import { getAlertSettings } from './alert-settings';
import { createGoalAlerts, type GoalAlert } from './goal-alerts';
import { playGoalSound } from './goal-sound';
import { knownFootballMatches } from './known-matches';
import { useLiveMessages, useUserMessages } from './live-provider';
import { showUserMessage } from './user-popups';
import {
  dismissPopup,
  pushPopup,
  getPopups,
  getServerPopups,
  subscribePopups,
  visiblePopups,
  PHONE_POPUP_QUERY,
  type PopupItem,
} from './popup-queue';
import type { GoalPopupReader } from '../../core/alerts';
import type { FootballMatch } from '../../core/contracts/matches';

/**
 * How the reader stands to a match (decision 110): the day lists never know who is reading, so
 * the reader's collections decide — starred matches, followed teams and competitions — and the
 * known lists say which competitions are hot.
 */
function readerOf(match: FootballMatch): GoalPopupReader {
  const collected = getCollected();
  return {
    isStarred: isMatchCollected(collected, 'football', match),
    isFollowed:
      isFollowed(collected, 'competition', match.competition_id) ||
      isFollowed(collected, 'team', match.home_team_id) ||
      isFollowed(collected, 'team', match.away_team_id),
    followsAnything: collected.status === 'ready' ? hasFavourites(collected) : match.is_collect,
    isHotCompetition: knownFootballMatches.isHotCompetition(match.competition_id),
  };
}

function subscribePhone(listener: () => void): () => void {
  const query = window.matchMedia(PHONE_POPUP_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
const isPhone = () => window.matchMedia(PHONE_POPUP_QUERY).matches;

/** A dialog (or a popover, which is one too) that is open: pop-ups wait until it closes. */
const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], dialog[open]';

function subscribeDialogs(listener: () => void): () => void {
  // Dialogs come in portals at the end of <body> and open and close by data-state.
  const observer = new MutationObserver(listener);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state', 'open'] });
  return () => observer.disconnect();
}
const isDialogOpen = () => document.querySelector(OPEN_DIALOG) !== null;
const serverFalse = () => false;

/**
 * While a pop-up shows, the page gets room below its end as tall as the pop-ups, so the last
 * row of a list can be scrolled clear of them (decision 110).
 */
function useRoomBelow(viewport: RefObject<HTMLOListElement | null>, isShowing: boolean): void {
  useEffect(() => {
    const element = viewport.current;
    if (!isShowing || element === null) return;
    const body = document.body;
    const apply = () => {
      body.style.paddingBottom = `${Math.ceil(element.getBoundingClientRect().height)}px`;
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = '';
    };
  }, [viewport, isShowing]);
}

/** The namespaces the layer and its pop-ups read. */
const LAYER_NAMESPACES = ['live', 'scores'] as const;

/**
 * The alert pop-ups, bottom-right (section 9): goal and misjudged alerts from the live channel
 * on any page, and the guessing, prediction and activity result pop-ups. One at a time on a
 * phone, none over an open dialog, and never over a list's last row (decision 110).
 */
export function PopupLayer() {
  // Mounted only after hydration, often before the locale's texts arrive (a page whose render
  // used no live texts does not carry them): follow them as they are added, never show keys.
  const { t } = useTranslation('live', FOLLOW_ADDED_TEXTS);
  const hasTexts = useLateTexts(LAYER_NAMESPACES);
  const queue = useSyncExternalStore(subscribePopups, getPopups, getServerPopups);
  const phone = useSyncExternalStore(subscribePhone, isPhone, serverFalse);
  const dialogOpen = useSyncExternalStore(subscribeDialogs, isDialogOpen, serverFalse);
  const popups = visiblePopups(queue, { isPhone: phone, isDialogOpen: dialogOpen });
  const viewport = useRef<HTMLOListElement>(null);
  useRoomBelow(viewport, popups.length > 0);
  const handleGoal = useMemo(() => createGoalAlerts({ known: knownFootballMatches, getSettings: getAlertSettings, readerOf }), []);

  useLiveMessages('football', (message) => {
    const { popup, playSound } = handleGoal(message, Date.now());
    if (popup !== null) pushPopup({ kind: 'goal', goal: popup });
    if (playSound) playGoalSound();
  });

  // users/<own id>: guessing, prediction and activity results and points-mall orders, each
  // result kind only when its notification setting is on (decision 063). Their titles are
  // translated when they arrive, so the layer listens once the texts are there: what came
  // earlier (the connection is often up before this layer) waits in the live client.
  useUserMessages((message) => {
    showUserMessage(message, t);
  }, hasTexts);

  // Radix's default names ("Notifications (F8)", "Notification") would be English on every page.
  return (
    <Toast.Provider swipeDirection="right" duration={NOTIFICATION_DURATION_MS} label={t('popup.label')}>
      {popups.map((item) => (
        <PopupToast key={item.id} item={item} />
      ))}
      <Toast.Viewport
        ref={viewport}
        label={t('popup.region')}
        className="fixed right-0 bottom-0 z-[2000] m-0 flex w-full max-w-sm list-none flex-col gap-4 p-4 outline-none sm:p-6"
      />
    </Toast.Provider>
  );
}

const toastClass =
  'relative rounded-lg border border-line bg-surface p-3 pe-9 text-sm text-text shadow-lg data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]';

function PopupToast({ item }: { item: PopupItem }) {
  const { t } = useTranslation('live', FOLLOW_ADDED_TEXTS);
  const duration = item.kind === 'goal' ? GOAL_POPUP_MS : NOTIFICATION_DURATION_MS;
  return (
    <Toast.Root
      className={toastClass}
      duration={duration}
      defaultOpen
      onOpenChange={(open) => {
        if (!open) dismissPopup(item.id);
      }}
    >
      {item.kind === 'goal' && <GoalToastBody goal={item.goal} />}
      {(item.kind === 'result' || item.kind === 'message') && (
        <>
          <Toast.Title className="font-semibold">{item.title}</Toast.Title>
          <Toast.Description className="mt-1 text-muted">{item.body}</Toast.Description>
        </>
      )}
      <Toast.Close
        aria-label={t('popup.close')}
        className="absolute end-2 top-2 rounded p-1 leading-none text-muted hover:bg-surface-muted hover:text-text"
      >
        <span aria-hidden="true">×</span>
      </Toast.Close>
    </Toast.Root>
  );
}

function GoalToastBody({ goal }: { goal: GoalAlert }) {
  const { t } = useTranslation(['live', 'scores'], FOLLOW_ADDED_TEXTS);
  const localize = useLocalizedPath();
  const clock = goal.clock.kind === 'minute' ? `${goal.clock.text}'` : t(`scores:${goal.clock.key}`);
  const isGoal = goal.eventType === 'goal';
  const side = (team: 'home' | 'away') =>
    goal.goalTeam === team ? (isGoal ? 'font-bold text-green-700 dark:text-live' : 'font-bold text-amber-700 dark:text-goal') : '';
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <Toast.Title className={isGoal ? 'font-bold text-green-700 dark:text-live' : 'font-bold text-amber-700 dark:text-goal'}>
          {isGoal ? t('live:popup.goal') : t('live:popup.misjudged')}
        </Toast.Title>
        <span className="font-semibold text-green-700 dark:text-live tabular-nums">{clock}</span>
      </div>
      <Toast.Description asChild>
        <Link
          to={localize(`/football/Details/${goal.matchId}`)}
          className="mt-2 grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 rounded hover:bg-surface-muted"
        >
          <span className={`line-clamp-2 text-right break-words ${side('home')}`}>{goal.home}</span>
          <span className="text-base font-bold tabular-nums">
            <span className={side('home')}>{goal.homeScore}</span>
            {' - '}
            <span className={side('away')}>{goal.awayScore}</span>
          </span>
          <span className={`line-clamp-2 break-words ${side('away')}`}>{goal.away}</span>
        </Link>
      </Toast.Description>
      {goal.scorer && (
        <p data-testid="goal-scorer" className="mt-1 truncate text-center font-medium">
          <span aria-hidden="true">⚽ </span>
          {t(goal.scorer.ownGoal ? 'live:popup.ownGoal' : 'live:popup.scorer', { player: goal.scorer.player, minute: goal.scorer.minute })}
        </p>
      )}
    </>
  );
}
