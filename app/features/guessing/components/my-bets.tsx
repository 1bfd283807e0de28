import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bet, BetKind } from '../../../../core/contracts/guessing';
import type { Outcome } from '../../../../core/contracts/odds';
import { formatOdds, pageCount } from '../../../components/forecast/forecast-format';
import { useOddsFormat } from '../../../components/forecast/odds-format';
import { FormAlert, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { formatNumber, useDateFormat } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { useApiData } from '../../../lib/use-api-data';
import { guessingApi, type BetListStatus } from '../guessing-api';
import { GuessingCard } from './guessing-frame';
import { LoginPrompt } from './login-prompt';
import { useSelectionLabel } from './selection-label';

const STATUS_FILTERS: readonly BetListStatus[] = ['all', 'open', 'finished'];
const KIND_FILTERS: readonly ('all' | BetKind)[] = ['all', 'single', 'parlay'];

/** myBet: the reader's bets, open and settled, filtered by status and by single or parlay. */
export function MyBetView() {
  const { t } = useTranslation('guessing');
  const user = useCurrentUser();
  const [status, setStatus] = useState<BetListStatus>('all');
  const [kind, setKind] = useState<'all' | BetKind>('all');
  const [page, setPage] = useState(1);
  const bets = useApiData(`guessing-bets:${user?.id ?? 0}:${status}:${kind}:${page}`, () =>
    user === null ? Promise.resolve(null) : guessingApi.bets({ status, kind: kind === 'all' ? undefined : kind, page, size: 10 }),
  );
  if (user === null) {
    return (
      <GuessingCard title={t('myBets.title')} testId="my-bets">
        <LoginPrompt />
      </GuessingCard>
    );
  }
  const pages = bets.data ? pageCount(bets.data.total, bets.data.size) : 1;
  const filter = <T extends string>(values: readonly T[], current: T, set: (value: T) => void, label: string, prefix: string) => (
    <div className="flex flex-wrap gap-1" role="group" aria-label={label}>
      {values.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={current === value}
          onClick={() => {
            set(value);
            setPage(1);
          }}
          className={`rounded-full border px-3 py-1 text-xs font-medium ${current === value ? 'border-accent bg-accent-soft text-accent-strong dark:text-accent' : 'border-line text-muted hover:text-text'}`}
          data-testid={`filter-${prefix}-${value}`}
        >
          {t(`myBets.${prefix}.${value}`)}
        </button>
      ))}
    </div>
  );
  return (
    <GuessingCard title={t('myBets.title')} testId="my-bets">
      <div className="mb-3 flex flex-wrap gap-3">
        {filter(STATUS_FILTERS, status, setStatus, t('myBets.statusLabel'), 'status')}
        {filter(KIND_FILTERS, kind, setKind, t('myBets.kindLabel'), 'kind')}
      </div>
      {bets.error ? (
        <div className="grid justify-items-start gap-2">
          <FormAlert>{apiErrorDetails(bets.error).message ?? t('board.failed')}</FormAlert>
          <button type="button" className={secondaryButtonClass} onClick={bets.reload}>
            {t('board.retry')}
          </button>
        </div>
      ) : bets.data === null ? (
        <p className="text-sm text-muted" role="status">
          {t('board.loading')}
        </p>
      ) : bets.data.list.length === 0 ? (
        <p className="text-sm text-muted" data-testid="my-bets-empty">
          {t('myBets.empty')}
        </p>
      ) : (
        <ul className="grid gap-3">
          {bets.data.list.map((bet) => (
            <li key={bet.id}>
              <BetCard bet={bet} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <div className="mt-3 flex items-center justify-center gap-3 text-sm">
          <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('myBets.previous')}
          </button>
          <span className="tabular-nums">
            {page} / {pages}
          </span>
          <button type="button" className={secondaryButtonClass} disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('myBets.next')}
          </button>
        </div>
      ) : null}
    </GuessingCard>
  );
}

const TONE: Record<'good' | 'bad' | 'neutral' | 'open', string> = {
  good: 'bg-live/15 text-live',
  bad: 'bg-accent-soft text-accent-strong dark:text-accent',
  neutral: 'bg-surface-muted text-muted',
  open: 'border border-line text-muted',
};

function toneOf(outcome: Outcome | null): keyof typeof TONE {
  if (outcome === null) return 'open';
  if (outcome === 'win' || outcome === 'half_win') return 'good';
  if (outcome === 'loss' || outcome === 'half_loss') return 'bad';
  return 'neutral';
}

function Badge({ outcome, testId }: { outcome: Outcome | null; testId?: string }) {
  const { t } = useTranslation('forecast');
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[toneOf(outcome)]}`} data-testid={testId} data-outcome={outcome ?? 'open'}>
      {outcome === null ? t('status.open') : t(`outcome.${outcome}`)}
    </span>
  );
}

/** The bet's own result: won when it paid more than the stake, lost at 0, otherwise returned. */
function betOutcome(bet: Bet): Outcome | null {
  if (bet.status === 'open' || bet.payout === null) return null;
  if (bet.status === 'void') return 'void';
  if (bet.payout === 0) return 'loss';
  if (bet.payout > bet.stake) return 'win';
  if (bet.payout === bet.stake) return 'push';
  return 'half_loss';
}

/** One bet: its legs with their outcomes and receipts, the stake, odds, potential return, payout and receipt. */
export function BetCard({ bet }: { bet: Bet }) {
  const { t } = useTranslation('guessing');
  const locale = useLocale();
  const [format] = useOddsFormat();
  const formatDate = useDateFormat();
  const label = useSelectionLabel();
  return (
    <article className="grid gap-2 rounded-md border border-line p-3" data-testid="bet-card" data-bet={bet.id} data-status={bet.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold">
          {t(`kind.${bet.kind}`)} <span className="text-xs font-normal text-muted">· {formatDate(bet.placed_at)}</span>
        </p>
        <Badge outcome={betOutcome(bet)} testId="bet-outcome" />
      </div>
      <ul className="grid gap-1.5">
        {bet.legs.map((leg, index) => {
          const words = label(leg.match, leg.selection);
          return (
            <li key={index} className="grid gap-0.5 rounded bg-surface-muted px-2.5 py-2" data-testid="bet-leg">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate text-xs text-muted">
                    {leg.match.home.name} – {leg.match.away.name}
                    {leg.match.score ? ` · ${leg.match.score[0]}–${leg.match.score[1]}` : ''}
                  </p>
                  <p className="text-sm font-medium">
                    {words.pick} <span className="text-xs font-normal text-muted">· {words.market}</span>
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <span className="text-sm font-bold tabular-nums">{formatOdds(leg.odds, format, locale)}</span>
                  <Badge outcome={leg.outcome} />
                </div>
              </div>
              {leg.receipt ? <p className="text-xs text-muted">{leg.receipt.text}</p> : null}
            </li>
          );
        })}
      </ul>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-0.5 text-sm tabular-nums sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted">{t('bet.stake')}</dt>
          <dd className="font-semibold">{formatNumber(bet.stake, locale)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('bet.odds')}</dt>
          <dd className="font-semibold">{formatOdds(bet.odds, format, locale)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('bet.potentialReturn')}</dt>
          <dd className="font-semibold">{formatNumber(bet.potential_return, locale)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('bet.payout')}</dt>
          <dd className="font-semibold" data-testid="bet-payout">
            {bet.payout === null ? '–' : formatNumber(bet.payout, locale)}
          </dd>
        </div>
      </dl>
      {bet.receipt ? (
        <p className="rounded border-l-2 border-accent bg-surface-muted px-2.5 py-1.5 text-xs" data-testid="bet-receipt">
          {bet.receipt.text}
        </p>
      ) : null}
    </article>
  );
}
