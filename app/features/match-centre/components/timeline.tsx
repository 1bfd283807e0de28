import { useTranslation } from 'react-i18next';
import type { MatchEvent } from '../../../../core/contracts/match-data';
import { EVENT, isMarker, minuteLabel, timelineOf } from '../timeline';
import { EmptyNote } from './panel';

/** A small picture of the event kind; the kind is also said in words beside it. */
export function EventIcon({ type }: { type: number }) {
  const common = { width: 18, height: 18, viewBox: '0 0 24 24', 'aria-hidden': true } as const;
  switch (type) {
    case EVENT.goal:
    case EVENT.ownGoal:
    case EVENT.penaltyShootOut:
      return (
        <svg {...common} className={type === EVENT.ownGoal ? 'text-accent' : 'text-text'}>
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 7.5l3.2 2.3-1.2 3.8h-4l-1.2-3.8z" fill="currentColor" />
        </svg>
      );
    case EVENT.yellowCard:
    case EVENT.redCard:
    case EVENT.cardUpgradeConfirmed:
      return (
        <svg {...common}>
          <rect x="7" y="4" width="10" height="16" rx="1.5" className={type === EVENT.yellowCard ? 'fill-yellow-400' : 'fill-red-600'} />
          {type === EVENT.cardUpgradeConfirmed && <rect x="4" y="6" width="8" height="13" rx="1.5" className="fill-yellow-400" />}
        </svg>
      );
    case EVENT.substitution:
      return (
        <svg {...common} fill="none" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M8 20V6M4 10l4-4 4 4" className="stroke-green-600" />
          <path d="M16 4v14M12 14l4 4 4-4" className="stroke-red-600" />
        </svg>
      );
    case EVENT.var:
      return (
        <svg {...common}>
          <rect x="2" y="5" width="20" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <text x="12" y="15.5" textAnchor="middle" fontSize="8" fontWeight="700" fill="currentColor">
            VAR
          </text>
        </svg>
      );
    case EVENT.penalty:
    case EVENT.penaltyMissed:
    case EVENT.penaltyShootOutMissed:
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <text x="12" y="16" textAnchor="middle" fontSize="11" fontWeight="700" fill="currentColor">
            P
          </text>
          {type !== EVENT.penalty && <path d="M5 19L19 5" className="stroke-red-600" strokeWidth="2.2" />}
        </svg>
      );
    default:
      return null;
  }
}

function EventLine({ event, team }: { event: MatchEvent; team: string | null }) {
  const { t } = useTranslation('matchCentre');
  const label = t(`event.${event.type}`);
  // A substitution names who came on (related_player) and who went off (player); a goal its
  // scorer and the assist; other events their player. Without a player the kind is the headline.
  const isSubstitution = event.type === EVENT.substitution;
  const lines = isSubstitution
    ? [event.related_player !== null ? t('timeline.on', { name: event.related_player }) : null, event.player !== null ? t('timeline.off', { name: event.player }) : null]
    : [event.player, event.related_player !== null ? t('timeline.assist', { name: event.related_player }) : null];
  const [main, secondary] = lines[0] !== null ? [lines[0], lines[1]] : [lines[1], null];
  const onRight = event.side === 'away';
  return (
    <li
      data-testid="timeline-event"
      data-side={event.side ?? 'none'}
      className={`flex items-start gap-2 py-1.5 ${onRight ? 'flex-row-reverse text-end sm:ms-[50%] sm:ps-3' : 'sm:me-[50%] sm:pe-3'}`}
    >
      <span className="w-11 shrink-0 pt-0.5 text-center text-xs font-bold text-muted tabular-nums">{minuteLabel(event)}</span>
      <span className="shrink-0 pt-0.5">
        <EventIcon type={event.type} />
      </span>
      <span className="min-w-0">
        {team !== null && <span className="sr-only">{team}: </span>}
        <span className="block text-sm font-semibold break-words">{main ?? label}</span>
        {secondary !== null && <span className="block text-xs text-muted">{secondary}</span>}
        {main !== null ? (
          <span className="block text-xs text-muted">
            {label}
            {event.detail !== null && ` · ${event.detail}`}
          </span>
        ) : (
          event.detail !== null && <span className="block text-xs text-muted">{event.detail}</span>
        )}
      </span>
    </li>
  );
}

function MarkerLine({ event }: { event: MatchEvent }) {
  const { t } = useTranslation('matchCentre');
  return (
    <li data-testid="timeline-event" data-side="none" className="my-1.5 flex items-center gap-2 text-xs font-semibold text-muted">
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
      <span className="rounded-full bg-surface-muted px-2.5 py-0.5">
        {t(`event.${event.type}`)}
        {event.detail !== null && ` ${event.detail}`}
      </span>
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
    </li>
  );
}

/** The match's timeline: home events on the left, away events on the right, markers across the middle. */
export function Timeline({ events, homeName, awayName, started }: { events: readonly MatchEvent[]; homeName: string; awayName: string; started: boolean }) {
  const { t } = useTranslation('matchCentre');
  const shown = timelineOf(events);
  if (shown.length === 0) return <EmptyNote>{started ? t('timeline.emptyStarted') : t('timeline.emptyNotStarted')}</EmptyNote>;
  return (
    <>
      <div aria-hidden="true" className="mb-1 grid grid-cols-2 gap-2 text-xs font-semibold text-muted">
        <span className="truncate">{homeName}</span>
        <span className="truncate text-end">{awayName}</span>
      </div>
      <ol aria-label={t('timeline.label', { home: homeName, away: awayName })}>
        {shown.map((event, i) =>
          isMarker(event) ? (
            <MarkerLine key={i} event={event} />
          ) : (
            <EventLine key={i} event={event} team={event.side === 'away' ? awayName : event.side === 'home' ? homeName : null} />
          ),
        )}
      </ol>
    </>
  );
}
