import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Bet, BetKind, BettingMatch } from '../../../../core/contracts/guessing';
import { formatOdds } from '../../../components/forecast/forecast-format';
import { useOddsFormat } from '../../../components/forecast/odds-format';
import { newIdempotencyKey } from '../../../components/forecast/plan-api';
import { FormAlert, inputClass, linkClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { accountApi, apiErrorDetails } from '../../../lib/account-api';
import { dispatchAppState, useCurrentUser } from '../../../lib/app-state';
import { formatNumber } from '../../../lib/format';
import { useLocale, useLocalizedPath } from '../../../lib/locale';
import { accountPagePath } from '../../../lib/login-redirect';
import { guessingApi } from '../guessing-api';
import { guessingPaths } from '../guessing-paths';
import {
  checkSlip,
  combinedOdds,
  hasKindChoice,
  parseStake,
  potentialReturn,
  removeSelection,
  repriceSlip,
  selectionKey,
  slipKind,
  type PlannedBet,
  type PriceChange,
  type SlipMessage,
  type SlipState,
} from '../slip';
import { useSlip } from '../slip-store';
import { useSelectionLabel } from './selection-label';

export interface SlipLimitsData {
  max_stake: number;
  daily_cap: number;
}

type Phase = 'edit' | 'confirm';

/** The content of one planned bet, so a retry of the same bet reuses its idempotency key. */
function betSignature(bet: PlannedBet): string {
  return `${bet.kind}|${bet.stake}|${bet.items.map((x) => `${x.match.id}:${selectionKey(x.selection)}@${Math.round(x.odds * 1000)}`).join(',')}`;
}

/** Where an API refusal of one planned bet is shown. */
function fieldOfError(error: string | null, apiField: string | null, bet: PlannedBet): string {
  const single = bet.kind === 'single' ? bet.items[0]!.match.id : null;
  if (apiField === 'kind') return 'kind';
  if (apiField === 'stake' || error === 'BET_LIMIT' || error === 'POINTS_INSUFFICIENT') return single === null ? 'stake' : `stake:${single}`;
  if (apiField === 'legs' || error === 'BET_MATCH_CLOSED' || error === 'NOT_FOUND') return single === null ? 'legs' : `leg:${single}`;
  return 'form';
}

/**
 * The bet slip (specification section 5, decision 078): the chosen prices, one per match; the
 * bet type first; one stake per selection for singles (each placed as its own bet) or one
 * stake for a parlay of two or more, with the combined odds and the potential return; the
 * balance and the limits; a confirmation step. A moved price is re-read and shown old → new
 * before the fan confirms again; the idempotency key of a bet is kept until it is placed, so a
 * double click or a retry never places it twice.
 */
export function BetSlip({ limits, onPlaced, fullPage = false }: { limits: SlipLimitsData | null; onPlaced?: (bets: Bet[]) => void; fullPage?: boolean }) {
  const { t } = useTranslation(['guessing', 'messages']);
  const locale = useLocale();
  const localize = useLocalizedPath();
  const [format] = useOddsFormat();
  const user = useCurrentUser();
  const [slip, update] = useSlip();
  const label = useSelectionLabel();
  const [phase, setPhase] = useState<Phase>('edit');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [changes, setChanges] = useState<PriceChange[]>([]);
  const [placed, setPlaced] = useState<Bet[]>([]);
  const [pending, setPending] = useState(false);
  const keys = useRef(new Map<string, string>());
  const pendingRef = useRef(false);
  const kindId = useId();

  const balance = user?.points ?? null;
  const slipLimits = { maxStake: limits?.max_stake ?? Number.MAX_SAFE_INTEGER, dailyCap: limits?.daily_cap ?? Number.MAX_SAFE_INTEGER, balance };
  const say = (message: SlipMessage) => t(message.key, message.params);

  const edit = (change: (s: SlipState) => SlipState, clear: string[] = []) => {
    update(change);
    setPhase('edit');
    setChanges([]);
    setErrors((current) => {
      const next = { ...current };
      for (const field of [...clear, 'form', 'total']) delete next[field];
      return next;
    });
  };

  function review() {
    const checked = checkSlip(slip, slipLimits);
    if (!checked.ok) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([field, message]) => [field, say(message)])));
      return;
    }
    setErrors({});
    setPhase('confirm');
  }

  async function reprice() {
    const ids = [...new Set(slip.items.map((x) => x.match.id))];
    const answers = await Promise.all(ids.map((id) => guessingApi.markets(id).then((m) => [id, m] as const, () => null)));
    const current = new Map<number, BettingMatch>(answers.filter((x) => x !== null));
    const result = repriceSlip(slip, current);
    update(() => result.slip);
    setChanges(result.changes);
  }

  async function confirm() {
    if (pendingRef.current) return;
    const checked = checkSlip(slip, slipLimits);
    if (!checked.ok) {
      setPhase('edit');
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([field, message]) => [field, say(message)])));
      return;
    }
    pendingRef.current = true;
    setPending(true);
    setErrors({});
    const done: Bet[] = [];
    try {
      for (const bet of checked.bets) {
        const signature = betSignature(bet);
        const key = keys.current.get(signature) ?? newIdempotencyKey();
        keys.current.set(signature, key);
        try {
          const answer = await guessingApi.place({
            kind: bet.kind,
            stake: bet.stake,
            legs: bet.items.map((x) => ({ match_id: x.match.id, selection: x.selection, odds: x.odds })),
            idempotency_key: key,
          });
          keys.current.delete(signature);
          done.push(answer);
          // A placed single leaves the slip at once: a failure of the next one must not place it again.
          update((s) => (bet.kind === 'single' ? removeSelection(s, bet.items[0]!.match.id) : { ...s, items: [], stakes: {}, parlayStake: '' }));
        } catch (failure) {
          const details = apiErrorDetails(failure);
          if (details.error === 'BET_PRICE_MOVED') {
            await reprice();
            setErrors({ form: details.message ?? t('messages:guessing.priceMoved') });
            setPhase('confirm');
            return;
          }
          if (details.status === 0) {
            setErrors({ form: t('slip.network') });
            return;
          }
          const next: Record<string, string> = {};
          const fieldEntries = Object.entries(details.fields);
          if (fieldEntries.length > 0) for (const [field, message] of fieldEntries) next[fieldOfError(details.error, field, bet)] = message;
          else next[fieldOfError(details.error, null, bet)] = details.message ?? t('slip.failed');
          setErrors(next);
          setPhase('edit');
          return;
        }
      }
      setPhase('edit');
      setChanges([]);
    } finally {
      pendingRef.current = false;
      setPending(false);
      if (done.length > 0) {
        setPlaced(done);
        onPlaced?.(done);
        // The balance changed: the header and the slip show the new one.
        accountApi.info().then(
          (userInfo) => dispatchAppState({ type: 'userInfo', userInfo }),
          () => undefined,
        );
      }
    }
  }

  // One selection is a single (no choice to make); from two selections the fan picks single or parlay.
  const betKind = slipKind(slip);
  const parlayOdds = slip.items.length > 0 ? combinedOdds(slip.items.map((x) => x.odds)) : null;
  const parlayStake = parseStake(slip.parlayStake);
  const fieldError = (field: string) =>
    errors[field] ? (
      <p className="text-xs font-medium text-accent" data-field-error={field}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="grid gap-3" data-testid="bet-slip" data-phase={phase}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold">{t('slip.title')}</h2>
        <Link to={localize(guessingPaths.glossary)} className={`${linkClass} text-xs`}>
          {t('slip.glossary')}
        </Link>
      </div>

      {placed.length > 0 ? (
        <div className="grid gap-1" data-testid="slip-placed">
          <FormAlert tone="success">{t('slip.placed', { count: placed.length })}</FormAlert>
          <Link to={localize(guessingPaths.view('myBet'))} className={`${linkClass} text-sm`}>
            {t('slip.toMyBets')}
          </Link>
        </div>
      ) : null}

      {slip.items.length === 0 ? (
        <p className="text-sm text-muted" data-testid="slip-empty">
          {t('slip.empty')}
        </p>
      ) : (
        <>
          {hasKindChoice(slip) ? (
            <fieldset className="grid gap-1" aria-describedby={errors.kind ? `${kindId}-error` : undefined} data-testid="slip-kind">
              <legend className="mb-1 text-sm font-medium">{t('slip.kind')}</legend>
              <div className="grid grid-cols-2 gap-1.5" role="radiogroup">
                {(['single', 'parlay'] as const satisfies readonly BetKind[]).map((kind) => (
                  <label
                    key={kind}
                    className={`flex cursor-pointer items-center justify-center gap-2 rounded-md border px-2 py-1.5 text-sm font-medium ${slip.kind === kind ? 'border-accent bg-accent-soft' : 'border-line hover:bg-surface-muted'}`}
                  >
                    <input
                      type="radio"
                      name="bet-kind"
                      value={kind}
                      checked={slip.kind === kind}
                      onChange={() => edit((s) => ({ ...s, kind }), ['kind', 'legs'])}
                      className="accent-accent"
                      data-testid={`slip-kind-${kind}`}
                    />
                    {t(`kind.${kind}`)}
                  </label>
                ))}
              </div>
              <div id={`${kindId}-error`}>{fieldError('kind')}</div>
            </fieldset>
          ) : null}

          {slip.replaced !== null ? (
            <p className="rounded-md bg-surface-muted px-3 py-2 text-xs" data-testid="slip-replaced">
              {t('slip.replaced')}
            </p>
          ) : null}

          <ul className="grid gap-2" data-testid="slip-items">
            {slip.items.map((item) => {
              const words = label(item.match, item.selection);
              const change = changes.find((c) => c.matchId === item.match.id);
              const typed = slip.stakes[item.match.id] ?? '';
              const stake = parseStake(typed);
              return (
                <li key={item.match.id} className="grid gap-1.5 rounded-md border border-line p-2.5" data-testid="slip-item" data-match={item.match.id}>
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate text-xs text-muted">
                        {item.match.home.name} – {item.match.away.name}
                      </p>
                      <p className="text-sm font-semibold">{words.pick}</p>
                      <p className="text-xs text-muted">{words.market}</p>
                    </div>
                    <div className="flex shrink-0 items-center gap-2">
                      <span className="font-bold tabular-nums" data-testid="slip-item-odds">
                        {formatOdds(item.odds, format, locale)}
                      </span>
                      <button
                        type="button"
                        className="rounded px-1.5 text-lg leading-none text-muted hover:text-text"
                        aria-label={t('slip.remove', { pick: words.pick })}
                        onClick={() => edit((s) => removeSelection(s, item.match.id), [`stake:${item.match.id}`, `leg:${item.match.id}`, 'legs'])}
                      >
                        ×
                      </button>
                    </div>
                  </div>
                  {change ? (
                    <p className="text-xs font-semibold text-accent" data-testid="slip-price-change">
                      {change.to === null
                        ? t('slip.noLongerOffered')
                        : t('slip.priceChanged', { from: formatOdds(change.from, format, locale), to: formatOdds(change.to, format, locale) })}
                    </p>
                  ) : null}
                  {fieldError(`leg:${item.match.id}`)}
                  {betKind === 'single' ? (
                    <div className="grid gap-1">
                      <label className="flex items-center justify-between gap-2 text-xs">
                        <span className="text-muted">{t('slip.stake')}</span>
                        <input
                          type="text"
                          inputMode="numeric"
                          value={typed}
                          onChange={(event) => edit((s) => ({ ...s, stakes: { ...s.stakes, [item.match.id]: event.target.value } }), [`stake:${item.match.id}`])}
                          aria-invalid={errors[`stake:${item.match.id}`] ? true : undefined}
                          className={`${inputClass} w-28 text-right tabular-nums`}
                          data-testid="slip-stake"
                        />
                      </label>
                      {fieldError(`stake:${item.match.id}`)}
                      {stake !== null ? (
                        <p className="text-right text-xs text-muted tabular-nums">
                          {t('slip.return', { points: formatNumber(potentialReturn(stake, [item.odds]), locale) })}
                        </p>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {fieldError('legs')}

          {betKind === 'parlay' ? (
            <div className="grid gap-1.5 rounded-md bg-surface-muted p-2.5" data-testid="slip-parlay">
              <p className="flex justify-between text-sm">
                <span>{t('slip.combinedOdds', { count: slip.items.length })}</span>
                <span className="font-bold tabular-nums" data-testid="slip-combined-odds">
                  {parlayOdds === null ? '–' : formatOdds(parlayOdds, format, locale)}
                </span>
              </p>
              <label className="flex items-center justify-between gap-2 text-sm">
                <span className="text-muted">{t('slip.stake')}</span>
                <input
                  type="text"
                  inputMode="numeric"
                  value={slip.parlayStake}
                  onChange={(event) => edit((s) => ({ ...s, parlayStake: event.target.value }), ['stake'])}
                  aria-invalid={errors.stake ? true : undefined}
                  className={`${inputClass} w-28 text-right tabular-nums`}
                  data-testid="slip-parlay-stake"
                />
              </label>
              {fieldError('stake')}
              <p className="flex justify-between text-sm">
                <span>{t('slip.potentialReturn')}</span>
                <span className="font-bold tabular-nums" data-testid="slip-potential-return">
                  {parlayStake !== null && parlayOdds !== null && slip.items.length >= 2 ? formatNumber(potentialReturn(parlayStake, slip.items.map((x) => x.odds)), locale) : '–'}
                </span>
              </p>
            </div>
          ) : null}

          <dl className="grid grid-cols-[1fr_auto] gap-x-2 gap-y-0.5 text-xs text-muted tabular-nums" data-testid="slip-limits">
            <dt>{t('slip.balance')}</dt>
            <dd className="text-right">{balance === null ? '–' : formatNumber(balance, locale)}</dd>
            {limits ? (
              <>
                <dt>{t('slip.maxStake')}</dt>
                <dd className="text-right">{formatNumber(limits.max_stake, locale)}</dd>
                <dt>{t('slip.dailyCap')}</dt>
                <dd className="text-right">{formatNumber(limits.daily_cap, locale)}</dd>
              </>
            ) : null}
          </dl>
          {fieldError('total')}
          {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}

          {user === null ? (
            <div className="grid gap-2 rounded-md bg-surface-muted p-3 text-center" data-testid="slip-login">
              <p className="text-sm font-semibold">{t('messages:auth.loginFirst')}</p>
              <Link to={accountPagePath('/login', locale, fullPage ? guessingPaths.view('postABet') : guessingPaths.root)} className={primaryButtonClass}>
                {t('slip.login')}
              </Link>
            </div>
          ) : phase === 'edit' ? (
            <button type="button" className={primaryButtonClass} onClick={review} data-testid="slip-review">
              {t('slip.review')}
            </button>
          ) : (
            <ConfirmStep slip={slip} pending={pending} onBack={() => setPhase('edit')} onConfirm={() => void confirm()} limits={slipLimits} />
          )}
        </>
      )}
    </div>
  );
}

function ConfirmStep({
  slip,
  limits,
  pending,
  onBack,
  onConfirm,
}: {
  slip: SlipState;
  limits: Parameters<typeof checkSlip>[1];
  pending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('guessing');
  const locale = useLocale();
  const [format] = useOddsFormat();
  const checked = checkSlip(slip, limits);
  if (!checked.ok) return null;
  return (
    <div className="grid gap-2 rounded-md border border-accent p-3" data-testid="slip-confirm">
      <p className="text-sm font-semibold">{t('slip.confirmTitle', { count: checked.bets.length })}</p>
      <ul className="grid gap-1 text-xs tabular-nums">
        {checked.bets.map((bet) => (
          <li key={betSignature(bet)} className="flex justify-between gap-2">
            <span>
              {t(`kind.${bet.kind}`)} · {formatOdds(bet.odds, format, locale)} × {formatNumber(bet.stake, locale)}
            </span>
            <span>{t('slip.return', { points: formatNumber(bet.potentialReturn, locale) })}</span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">{t('slip.confirmNote', { total: formatNumber(checked.total, locale) })}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onBack} disabled={pending}>
          {t('slip.back')}
        </button>
        <button type="button" className={primaryButtonClass} onClick={onConfirm} disabled={pending} data-testid="slip-confirm-button">
          {pending ? t('slip.placing') : t('slip.confirm')}
        </button>
      </div>
    </div>
  );
}
