import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Plan } from '../../../core/contracts/forecast';
import { Avatar } from '../avatar';
import { LocalLink } from '../local-link';
import { FormAlert, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { accountApi, apiErrorDetails } from '../../lib/account-api';
import { dispatchAppState, useCurrentUser } from '../../lib/app-state';
import { formatNumber, useDateFormat } from '../../lib/format';
import { useLocale } from '../../lib/locale';
import { accountPagePath } from '../../lib/login-redirect';
import {
  formatOdds,
  formatSelectionLine,
  marketKey,
  outcomeTone,
  periodKey,
  pickedTeam,
  pickKey,
  shortFingerprint,
  type BadgeTone,
} from './forecast-format';
import { useOddsFormat } from './odds-format';
import { forecastPaths } from './forecast-paths';
import { newIdempotencyKey, planApi } from './plan-api';
import { verifyPlan, type VerifyOutcome } from './verify-fingerprint';

const TONE_CLASS: Record<BadgeTone, string> = {
  good: 'bg-live-soft text-green-800 dark:text-live',
  bad: 'bg-accent-soft text-accent-strong dark:text-accent',
  neutral: 'bg-surface-muted text-muted',
  open: 'bg-goal-soft text-text',
};

const badge = 'inline-flex items-center rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap';
/** A badge whose words may be longer than a 320px phone's line (a market's name): it wraps instead of widening the card. */
const wrappingBadge = 'inline-flex max-w-full min-w-0 items-center rounded px-1.5 py-0.5 text-xs font-semibold break-words';

/**
 * One prediction plan: who published it on which match, the market and period (public), the
 * price and how many fans unlocked it, the public excerpt, the fingerprint the server recorded
 * at publication and, when the reader may see it, the content (pick, line, odds, description).
 * A locked plan offers to unlock it; a settled one shows its result, the receipt explaining it,
 * and lets the reader verify the fingerprint in the browser.
 *
 * `onChange` receives the plan as the API answers after an unlock.
 */
export function PlanCard({ plan, onChange, standalone = false }: { plan: Plan; onChange?: (plan: Plan) => void; standalone?: boolean }) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  const formatDate = useDateFormat();
  return (
    <article
      className="grid min-w-0 gap-3 rounded-lg border border-line bg-surface p-3 sm:p-4"
      data-testid="plan-card"
      data-plan-id={plan.id}
      data-status={plan.status}
      data-locked={plan.content === null ? 'true' : 'false'}
    >
      <header className="flex min-w-0 items-center gap-2.5">
        <LocalLink to={forecastPaths.tipster(plan.tipster.id)} className="flex min-w-0 items-center gap-2 hover:underline" data-testid="plan-tipster">
          <Avatar id={plan.tipster.avatar} size={32} />
          <span className="truncate font-semibold">{plan.tipster.nickname}</span>
        </LocalLink>
        {plan.is_own ? <span className={`${badge} bg-accent-soft text-accent-strong dark:text-accent`}>{t('card.own')}</span> : null}
        <span className="ms-auto shrink-0">
          <StatusBadge plan={plan} />
        </span>
      </header>

      <MatchLine plan={plan} />

      <div className="flex flex-wrap items-center gap-1.5 text-xs">
        <span className={`${wrappingBadge} bg-surface-muted text-text`} data-testid="plan-market">
          {t(marketKey(plan.market))} · {t(periodKey(plan.period))}
        </span>
        <span className={`${badge} ${plan.free ? 'bg-live-soft text-green-800 dark:text-live' : 'bg-goal-soft text-text'}`} data-testid="plan-price">
          {plan.free ? t('card.free') : t('card.points', { count: plan.price, formatted: formatNumber(plan.price, locale) })}
        </span>
        <span className="text-muted">{t('card.sold', { count: plan.sell_count, formatted: formatNumber(plan.sell_count, locale) })}</span>
      </div>

      {plan.status !== 'open' && plan.receipt ? (
        <p className="rounded-md bg-surface-muted px-3 py-2 text-sm break-words" data-testid="plan-receipt">
          {plan.receipt.text}
        </p>
      ) : null}

      {plan.content ? <PlanContentBlock plan={plan} /> : <LockedBlock plan={plan} onChange={onChange} />}

      <FingerprintBlock plan={plan} publishedAt={formatDate(plan.published_at, { dateStyle: 'medium', timeStyle: 'medium' })} />

      {standalone ? null : (
        <p className="text-end">
          <LocalLink to={forecastPaths.plan(plan.id)} className="text-sm font-medium text-accent hover:underline">
            {t('card.openPlan')}
          </LocalLink>
        </p>
      )}
    </article>
  );
}

/**
 * The plan's result in the plan's voice ("Plan did not win", "Plan tutmadı", "方案未中"): the
 * reader of a plan — its buyer above all — did not pick anything; the tipster did (decision 120).
 */
function StatusBadge({ plan }: { plan: Plan }) {
  const { t } = useTranslation('forecast');
  const tone = outcomeTone(plan.outcome, plan.status);
  const label = plan.status === 'settled' && plan.outcome ? t(`planOutcome.${plan.outcome}`) : plan.status === 'void' ? t('planOutcome.void') : t(`status.${plan.status}`);
  return (
    <span className={`${badge} ${TONE_CLASS[tone]}`} data-testid="plan-status" data-outcome={plan.outcome ?? ''}>
      {label}
    </span>
  );
}

function MatchLine({ plan }: { plan: Plan }) {
  const { t } = useTranslation('forecast');
  const formatDate = useDateFormat();
  const { match } = plan;
  const detail = `/${match.sport}/Details/${match.id}`;
  return (
    <div className="grid gap-0.5 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
        <span>{t(`sport.${match.sport}`)}</span>
        <span aria-hidden="true">·</span>
        <LocalLink to={`/competition/${match.competition.id}`} className="hover:underline">
          {match.competition.name}
        </LocalLink>
        <span aria-hidden="true">·</span>
        <time dateTime={new Date(match.match_time * 1000).toISOString()} data-testid="plan-kickoff">
          {formatDate(new Date(match.match_time * 1000).toISOString(), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}
        </time>
      </p>
      <p className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <LocalLink to={detail} className="min-w-0 font-semibold hover:underline" data-testid="plan-match">
          {match.home.name} <span className="text-muted">–</span> {match.away.name}
        </LocalLink>
        {match.score ? (
          <span className="font-bold tabular-nums" data-testid="plan-score">
            {match.score[0]}–{match.score[1]}
            {match.ht_score ? (
              <span className="ms-1.5 text-xs font-normal text-muted">{t('card.halfTime', { score: `${match.ht_score[0]}–${match.ht_score[1]}` })}</span>
            ) : null}
          </span>
        ) : null}
      </p>
    </div>
  );
}

/** The pick in words: "Galatasaray −0.75", "Over 2.5", "Draw". */
export function usePickText(): (plan: Pick<Plan, 'match'>, selection: { market: Plan['market']; pick: NonNullable<Plan['content']>['pick']; line: number | null }) => string {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  return (plan, selection) =>
    t(pickKey(selection.market, selection.pick), {
      team: pickedTeam(plan, selection.pick) ?? '',
      line: formatSelectionLine(selection.market, selection.line, locale),
    });
}

function PlanContentBlock({ plan }: { plan: Plan }) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  const [format] = useOddsFormat();
  const pickText = usePickText();
  const content = plan.content;
  if (!content) return null;
  return (
    <div className="grid gap-2 rounded-md border border-line px-3 py-2.5" data-testid="plan-content">
      <dl className="flex min-w-0 flex-wrap items-baseline gap-x-5 gap-y-1">
        <div className="flex min-w-0 items-baseline gap-1.5">
          <dt className="text-xs text-muted">{t('card.pick')}</dt>
          <dd className="min-w-0 font-bold break-words" data-testid="plan-pick">
            {pickText(plan, content)}
          </dd>
        </div>
        <div className="flex items-baseline gap-1.5">
          <dt className="text-xs text-muted">{t('card.odds')}</dt>
          <dd className="font-bold tabular-nums" data-testid="plan-odds">
            {formatOdds(content.odds, format, locale)}
          </dd>
        </div>
      </dl>
      {plan.hidden && content.description === '' ? (
        <p className="text-sm text-muted italic">{t('card.hidden')}</p>
      ) : (
        <div>
          {plan.hidden ? <p className="mb-1 text-xs font-semibold text-accent">{t('card.hiddenStaff')}</p> : null}
          <p className="text-sm leading-relaxed break-words whitespace-pre-line" data-testid="plan-description">
            {content.description}
          </p>
        </div>
      )}
    </div>
  );
}

function LockedBlock({ plan, onChange }: { plan: Plan; onChange?: (plan: Plan) => void }) {
  const { t } = useTranslation('forecast');
  return (
    <div className="grid gap-2 rounded-md border border-dashed border-line px-3 py-2.5">
      {plan.excerpt ? (
        <div>
          <p className="text-xs font-semibold text-muted">{t('card.excerpt')}</p>
          <p className="text-sm leading-relaxed break-words" data-testid="plan-excerpt">
            {plan.excerpt}
          </p>
        </div>
      ) : null}
      {plan.hidden ? <p className="text-sm text-muted italic">{t('card.hidden')}</p> : null}
      <p className="flex items-center gap-1.5 text-sm text-muted">
        {/* drawn, not an emoji: every device shows the same lock, fonts without emoji included */}
        <svg aria-hidden="true" viewBox="0 0 16 16" className="inline size-3.5 shrink-0 fill-current align-[-2px]">
          <path d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 6V4.5a2 2 0 1 1 4 0V7H6Z" />
        </svg>
        {t('card.locked')}
      </p>
      <UnlockAction plan={plan} onChange={onChange} />
    </div>
  );
}

/**
 * The unlock button. Signed out it leads to the login page (which brings the reader back); signed
 * in it opens the confirmation that points are not refunded after viewing, then unlocks with an
 * idempotency key made when the dialog opened, so confirming twice (a double click, a retry after
 * a lost answer) spends the points once.
 */
function UnlockAction({ plan, onChange }: { plan: Plan; onChange?: (plan: Plan) => void }) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const label = t('unlock.button', { count: plan.price, formatted: formatNumber(plan.price, locale) });

  if (plan.hidden || plan.status !== 'open' || plan.free || plan.is_own) return null;
  if (user === null) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Link to={accountPagePath('/login', locale, `${pathname}${search}`)} className={primaryButtonClass} data-testid="plan-unlock-login">
          {label}
        </Link>
        <span className="text-xs text-muted">{t('messages:auth.loginFirst')}</span>
      </div>
    );
  }
  if (!plan.can_unlock) return null;

  async function confirm() {
    key.current ??= newIdempotencyKey();
    setPending(true);
    setError(null);
    try {
      const unlocked = await planApi.unlock(plan.id, key.current);
      setOpen(false);
      key.current = null;
      onChange?.(unlocked);
      // The balance changed: the header and the personal centre show the new one.
      accountApi.info().then(
        (userInfo) => dispatchAppState({ type: 'userInfo', userInfo }),
        () => undefined,
      );
    } catch (failure) {
      const details = apiErrorDetails(failure);
      setError(details.status === 0 ? t('unlock.network') : (details.message ?? t('unlock.failed')));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        if (next) {
          // A new dialog is a new request; a second confirm inside it reuses this key.
          key.current = newIdempotencyKey();
          setError(null);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={`${primaryButtonClass} justify-self-start`} data-testid="plan-unlock">
          {label}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[var(--z-index-layer)] bg-black/50" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-[var(--z-index-layer)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-surface p-5 text-text shadow-xl"
          data-testid="plan-unlock-dialog"
        >
          <Dialog.Title className="text-lg font-bold">{t('unlock.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-relaxed">
            {t('unlock.text', { count: plan.price, formatted: formatNumber(plan.price, locale) })}
          </Dialog.Description>
          <p className="mt-2 text-sm font-semibold">{t('unlock.noRefund')}</p>
          <p className="mt-2 text-sm text-muted tabular-nums">{t('unlock.balance', { count: user.points, formatted: formatNumber(user.points, locale) })}</p>
          {error ? (
            <div className="mt-3">
              <FormAlert>{error}</FormAlert>
            </div>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <button type="button" className={secondaryButtonClass} disabled={pending}>
                {t('unlock.cancel')}
              </button>
            </Dialog.Close>
            <button type="button" onClick={() => void confirm()} disabled={pending} className={primaryButtonClass} data-testid="plan-unlock-confirm">
              {pending ? t('unlock.pending') : label}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function FingerprintBlock({ plan, publishedAt }: { plan: Plan; publishedAt: string }) {
  const { t } = useTranslation('forecast');
  const [expanded, setExpanded] = useState(false);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copyFingerprint() {
    try {
      await navigator.clipboard.writeText(plan.fingerprint);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <div className="grid gap-1.5 border-t border-line pt-2.5 text-xs" data-testid="plan-fingerprint-block">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold text-muted">{t('fingerprint.label')}</span>
        <code
          className={`min-w-0 rounded bg-surface-muted px-1.5 py-0.5 font-mono ${expanded ? 'break-all' : ''}`}
          title={plan.fingerprint}
          data-testid="plan-fingerprint"
        >
          {expanded ? plan.fingerprint : shortFingerprint(plan.fingerprint)}
        </code>
        <button type="button" className="font-medium text-accent hover:underline" aria-expanded={expanded} onClick={() => setExpanded((x) => !x)}>
          {expanded ? t('fingerprint.collapse') : t('fingerprint.expand')}
        </button>
        <button type="button" className="font-medium text-accent hover:underline" onClick={() => void copyFingerprint()}>
          {copy === 'copied' ? t('fingerprint.copied') : t('fingerprint.copy')}
        </button>
        {copy === 'failed' ? (
          <span role="alert" className="text-accent">
            {t('fingerprint.copyFailed')}
          </span>
        ) : null}
      </div>
      <p className="text-muted">
        {t('fingerprint.recorded')}{' '}
        <time dateTime={plan.published_at} data-testid="plan-published">
          {publishedAt}
        </time>
      </p>
      {plan.proof ? <VerifyBlock plan={plan} /> : <p className="text-muted">{t('fingerprint.explain')}</p>}
    </div>
  );
}

function VerifyBlock({ plan }: { plan: Plan }) {
  const { t } = useTranslation('forecast');
  const [state, setState] = useState<'idle' | 'running' | VerifyOutcome>('idle');
  const proof = plan.proof;
  if (!proof) return null;

  async function run() {
    setState('running');
    try {
      setState(await verifyPlan(plan));
    } catch {
      setState({ status: 'unsupported' });
    }
  }

  return (
    <div className="grid gap-1.5" data-testid="plan-verify">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButtonClass} onClick={() => void run()} disabled={state === 'running'} data-testid="plan-verify-button">
          {state === 'running' ? t('verify.running') : t('verify.button')}
        </button>
        <VerifyResult state={state} />
      </div>
      <details className="rounded-md bg-surface-muted px-2.5 py-1.5">
        <summary className="cursor-pointer font-medium">{t('verify.details')}</summary>
        <p className="mt-1.5 text-muted">{t('verify.how')}</p>
        <p className="mt-1.5 font-semibold">{t('verify.salt')}</p>
        <pre className="font-mono break-all whitespace-pre-wrap" data-testid="plan-salt">
          {proof.salt}
        </pre>
        <p className="mt-1.5 font-semibold">{t('verify.canonical')}</p>
        <pre className="font-mono break-all whitespace-pre-wrap" data-testid="plan-canonical">
          {proof.canonical}
        </pre>
      </details>
    </div>
  );
}

function VerifyResult({ state }: { state: 'idle' | 'running' | VerifyOutcome }) {
  const { t } = useTranslation('forecast');
  if (state === 'idle' || state === 'running') return null;
  switch (state.status) {
    case 'verified':
      return (
        <span role="status" className="font-semibold text-green-800 dark:text-live" data-testid="plan-verify-result" data-result="verified">
          {t('verify.verified')}
        </span>
      );
    case 'mismatch':
      return (
        <span role="alert" className="font-semibold text-accent" data-testid="plan-verify-result" data-result="mismatch">
          {t('verify.mismatch', { computed: shortFingerprint(state.computed) })}
        </span>
      );
    case 'contentMismatch':
      return (
        <span role="alert" className="font-semibold text-accent" data-testid="plan-verify-result" data-result="contentMismatch">
          {t('verify.contentMismatch', { fields: state.fields.join(', ') })}
        </span>
      );
    case 'unsupported':
      return (
        <span role="status" className="text-muted" data-testid="plan-verify-result" data-result="unsupported">
          {t('verify.unsupported')}
        </span>
      );
    case 'unavailable':
      return (
        <span role="status" className="text-muted" data-testid="plan-verify-result" data-result="unavailable">
          {t('fingerprint.explain')}
        </span>
      );
  }
}
