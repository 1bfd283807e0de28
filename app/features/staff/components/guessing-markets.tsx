import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dangerButtonClass, FormAlert, secondaryButtonClass, TextField } from '../../../components/ui/field';
import { formatNumber, useDateFormat } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import type { BetMatch } from '../../../../core/contracts/guessing';
import {
  attemptVoidMarket,
  checkVoidReason,
  staffGuessingApi,
  VOID_REASON_MAX_LENGTH,
  type StaffBetMarket,
  type StaffBetMatch,
  type VoidMarketData,
} from '../staff-guessing-api';

/** The home – away name of a match. */
export function matchName(match: BetMatch): string {
  return `${match.home.name} – ${match.away.name}`;
}

/** A match's markets with bets, each with its void action, then the markets staff voided before. */
export function MatchMarkets({ entry, onVoided }: { entry: StaffBetMatch; onVoided: () => void }) {
  const { t } = useTranslation('staff');
  const locale = useLocale();
  const formatDate = useDateFormat();
  const { match, markets } = entry;
  const score = (pair: [number, number] | null) => (pair ? `${pair[0]}–${pair[1]}` : null);
  const voided = markets.filter((m) => m.voids.length > 0);
  const [done, setDone] = useState<{ market: StaffBetMarket; data: VoidMarketData } | null>(null);
  return (
    <div className="mt-1 grid gap-4" data-testid="staff-guessing-markets">
      <p className="text-sm text-muted">
        #{match.id} · {match.competition.name} · {formatDate(new Date(match.match_time * 1000).toISOString())}
        {score(match.score) ? ` · ${score(match.score)}` : ''}
        {score(match.ht_score) ? ` (${t('guessing.match.halfTime', { score: score(match.ht_score) })})` : ''}
      </p>
      {done ? <VoidDone market={done.market} data={done.data} /> : null}
      {markets.length === 0 ? (
        <p className="rounded-md bg-surface-muted px-4 py-4 text-sm">{t('guessing.match.noBets')}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t('guessing.match.markets')}>
          {markets.map((market) => (
            <li key={`${market.market}:${market.period}`} className="rounded-md border border-line px-3 py-3" data-testid="staff-guessing-market" data-market={`${market.market}:${market.period}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <h3 className="font-semibold">
                  <MarketName market={market} />
                </h3>
                <p className="text-xs text-muted tabular-nums">
                  {t('guessing.market.counts', {
                    open: formatNumber(market.legs.open, locale),
                    graded: formatNumber(market.legs.graded, locale),
                    bets: formatNumber(market.bets.open + market.bets.settled, locale),
                    stake: formatNumber(market.open_stake, locale),
                  })}
                </p>
              </div>
              {market.legs.open > 0 ? (
                <VoidMarketForm
                  matchId={match.id}
                  matchLabel={matchName(match)}
                  market={market}
                  onVoided={(data) => {
                    setDone({ market, data });
                    onVoided();
                  }}
                />
              ) : (
                <p className="mt-1 text-xs text-muted">{t('guessing.market.nothingOpen')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="staff-guessing-voided-title" data-testid="staff-guessing-voided">
        <h3 id="staff-guessing-voided-title" className="font-bold">
          {t('guessing.voided.title')}
        </h3>
        {voided.length === 0 ? (
          <p className="mt-1 text-sm text-muted">{t('guessing.voided.empty')}</p>
        ) : (
          <ul className="mt-2 grid gap-2 text-sm">
            {voided.flatMap((market) =>
              market.voids.map((v) => (
                <li key={`${market.market}:${market.period}:${v.reason}`} className="rounded-md bg-surface-muted px-3 py-2" data-testid="staff-guessing-void">
                  <span className="font-semibold">
                    <MarketName market={market} />
                  </span>{' '}
                  <span className="text-muted">· {t('guessing.voided.legs', { count: v.legs, formatted: formatNumber(v.legs, locale) })}</span>
                  <span className="mt-1 block break-words">{t('guessing.voided.reason', { reason: v.reason })}</span>
                </li>
              )),
            )}
          </ul>
        )}
      </section>
    </div>
  );
}

function MarketName({ market }: { market: Pick<StaffBetMarket, 'market' | 'period'> }) {
  const { t } = useTranslation('staff');
  return (
    <>
      {t(`guessing.markets.${market.market}`)} <span className="font-normal text-muted">· {t(`guessing.periods.${market.period}`)}</span>
    </>
  );
}

/** The answer of a void: how many legs were voided and bets re-settled. */
export function VoidDone({ market, data }: { market: Pick<StaffBetMarket, 'market' | 'period'>; data: VoidMarketData }) {
  const { t } = useTranslation('staff');
  const locale = useLocale();
  return (
    <div data-testid="staff-guessing-void-done">
      <FormAlert tone="success">
        {t('guessing.void.done', {
          market: t(`guessing.markets.${market.market}`),
          period: t(`guessing.periods.${market.period}`),
          legs: formatNumber(data.legs, locale),
          count: data.bets,
          formatted: formatNumber(data.bets, locale),
        })}
      </FormAlert>
    </div>
  );
}

type VoidStage = { step: 'closed' } | { step: 'reason' } | { step: 'confirm'; reason: string };

/**
 * The void action of one market: "Void market…" opens a reason field; a valid reason asks for
 * a confirmation naming the market, the match and the open legs; yes sends it. The server's
 * translated error shows under the field (a refused reason) or above it.
 */
export function VoidMarketForm({
  matchId,
  matchLabel,
  market,
  onVoided,
  initial = { step: 'closed' },
  initialError = null,
}: {
  matchId: number;
  matchLabel: string;
  market: StaffBetMarket;
  onVoided: (data: VoidMarketData) => void;
  /** where the form starts (tests render each stage) */
  initial?: VoidStage;
  initialError?: string | null;
}) {
  const { t } = useTranslation('staff');
  const locale = useLocale();
  const [stage, setStage] = useState<VoidStage>(initial);
  const [reason, setReason] = useState(initial.step === 'confirm' ? initial.reason : '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);
  const marketName = t(`guessing.markets.${market.market}`);
  const periodName = t(`guessing.periods.${market.period}`);

  function ask(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const checked = checkVoidReason(reason);
    if (!checked.ok) {
      setFieldError(checked.problem === 'required' ? t('guessing.void.reasonRequired') : t('guessing.void.reasonTooLong', { max: VOID_REASON_MAX_LENGTH }));
      return;
    }
    setFieldError(null);
    setStage({ step: 'confirm', reason: checked.reason });
  }

  async function run(confirmed: string) {
    setPending(true);
    setError(null);
    const answer = await attemptVoidMarket(staffGuessingApi, matchId, { market: market.market, period: market.period, reason: confirmed });
    setPending(false);
    if (answer.ok) {
      setStage({ step: 'closed' });
      setReason('');
      onVoided(answer.data);
      return;
    }
    setStage({ step: 'reason' });
    if (answer.field !== null) setFieldError(answer.field);
    else setError(answer.message ?? t('guessing.void.failed'));
  }

  if (stage.step === 'closed') {
    return (
      <button type="button" className={`${dangerButtonClass} mt-2`} onClick={() => setStage({ step: 'reason' })} data-testid="staff-guessing-void-open">
        {t('guessing.void.open')}
      </button>
    );
  }
  return (
    <form onSubmit={ask} noValidate className="mt-3 grid gap-3" data-testid="staff-guessing-void-form">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextField
        label={t('guessing.void.reason')}
        name="reason"
        value={reason}
        maxLength={VOID_REASON_MAX_LENGTH}
        readOnly={stage.step === 'confirm'}
        onChange={(event) => setReason(event.target.value)}
        error={fieldError}
        hint={t('guessing.void.reasonHint', { max: VOID_REASON_MAX_LENGTH })}
      />
      {stage.step === 'reason' ? (
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={dangerButtonClass}>
            {t('guessing.void.submit')}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setStage({ step: 'closed' })}>
            {t('guessing.void.cancel')}
          </button>
        </div>
      ) : (
        <div className="grid gap-2" data-testid="staff-guessing-void-confirm">
          <p className="text-sm">
            {t('guessing.void.confirm', {
              market: marketName,
              period: periodName,
              match: matchLabel,
              count: market.legs.open,
              formatted: formatNumber(market.legs.open, locale),
            })}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={dangerButtonClass} disabled={pending} onClick={() => void run(stage.reason)} data-testid="staff-guessing-void-yes">
              {pending ? t('guessing.void.working') : t('guessing.void.yes')}
            </button>
            <button type="button" className={secondaryButtonClass} disabled={pending} onClick={() => setStage({ step: 'reason' })}>
              {t('guessing.void.no')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
