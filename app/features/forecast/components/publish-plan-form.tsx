import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PLAN_COMMUNITY_SYNC_THRESHOLD, PLAN_DESCRIPTION_MAX, PLAN_PRICE_MAX, PLAN_PRICE_MIN, type Plan } from '../../../../core/contracts/forecast';
import type { Sport } from '../../../../core/contracts/matches';
import type { Selection } from '../../../../core/contracts/odds';
import { formatOdds, formatSelectionLine, marketKey, periodKey, pickKey } from '../../../components/forecast/forecast-format';
import { useOddsFormat } from '../../../components/forecast/odds-format';
import { newIdempotencyKey } from '../../../components/forecast/plan-api';
import { PlanCard } from '../../../components/forecast/plan-card';
import { FormAlert, inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { useDateFormat } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { DAY_SECONDS, parseMatchId, startOfUtcDaySec } from '../../../lib/match-time';
import { useApiData } from '../../../lib/use-api-data';
import { forecastApi, matchListsApi } from '../forecast-api';
import {
  checkPublishForm,
  descriptionLength,
  EMPTY_PUBLISH_FORM,
  groupMarkets,
  PUBLISH_FIELDS,
  selectionKey,
  syncsToCommunity,
  UPCOMING_DAYS,
  upcomingMatches,
  type PublishFormValues,
  type UpcomingMatch,
} from '../publish-form';
import { ForecastCard } from './forecast-frame';
import { LoginPrompt } from './login-prompt';

/** The upcoming football and basketball matches of today and the next days, from the day lists. */
function useUpcomingMatches() {
  return useApiData('forecast-upcoming', async () => {
    const nowMs = Date.now();
    const today = startOfUtcDaySec(nowMs);
    const days = Array.from({ length: UPCOMING_DAYS }, (_, i) => today + i * DAY_SECONDS);
    // One failing day (or sport) must not take the whole choice away.
    const settle = <T,>(promise: Promise<T>) => promise.then((value) => value, () => null);
    const [football, basketball] = await Promise.all([
      Promise.all(days.map((day) => settle(matchListsApi.football(day)))),
      Promise.all(days.map((day) => settle(matchListsApi.basketball(day)))),
    ]);
    return upcomingMatches({
      football: football.filter((x) => x !== null),
      basketball: basketball.filter((x) => x !== null),
      nowSec: Math.floor(nowMs / 1000),
    });
  });
}

/**
 * A match named in the address (?match=…&sport=…, from a match page) that the upcoming lists do
 * not hold (it kicks off later): its names for the form, from the match header API.
 */
function useNamedMatch(matchId: number | null, sport: Sport) {
  return useApiData(`forecast-named-match:${sport}:${matchId ?? ''}`, async (): Promise<UpcomingMatch | null> => {
    if (matchId === null) return null;
    if (sport === 'basketball') {
      const { match, competition } = await matchListsApi.basketballMatch(matchId);
      return { id: match.match_id, sport, competition: competition.name, home: match.home_team_name, away: match.away_team_name, matchTime: match.match_time };
    }
    const { match, competition } = await matchListsApi.footballMatch(matchId);
    return { id: match.match_id, sport, competition: competition.name, home: match.home_team_name, away: match.away_team_name, matchTime: match.match_time };
  });
}

/**
 * launchDialog: publish a plan. Choose an upcoming match (or come with one from a match page),
 * one of its priced selections, write the analysis, set a price or publish free. The daily
 * releases left are shown; the server's field messages appear under their fields, and the new
 * plan is shown with its fingerprint.
 */
export function PublishView() {
  const { t } = useTranslation('forecast');
  const user = useCurrentUser();
  if (user === null) {
    return (
      <ForecastCard title={t('publish.title')} testId="forecast-publish">
        <LoginPrompt reason={t('publish.loginReason')} />
      </ForecastCard>
    );
  }
  return <PublishPlanForm userId={user.id} />;
}

function PublishPlanForm({ userId }: { userId: number }) {
  const { t } = useTranslation(['forecast', 'messages']);
  const [params] = useSearchParams();
  const namedMatchId = parseMatchId(params.get('match') ?? undefined);
  const namedSport: Sport = params.get('sport') === 'basketball' ? 'basketball' : 'football';
  const [values, setValues] = useState<PublishFormValues>({ ...EMPTY_PUBLISH_FORM, matchId: namedMatchId });
  const [published, setPublished] = useState<Plan | null>(null);
  const [publishedCount, setPublishedCount] = useState(0);
  const [pending, setPending] = useState(false);
  const errors = useFormErrors();
  const key = useRef<string | null>(null);

  const upcoming = useUpcomingMatches();
  const upcomingList = useMemo(() => upcoming.data ?? [], [upcoming.data]);
  // Match ids are one sequence over both sports: the id alone names the match.
  const listed = upcomingList.find((m) => m.id === values.matchId);
  const needsNamed = values.matchId !== null && values.matchId === namedMatchId && upcoming.data !== null && listed === undefined;
  const named = useNamedMatch(needsNamed ? namedMatchId : null, namedSport);
  const chosen = listed ?? (named.data?.id === values.matchId ? named.data : null);
  const quota = useApiData(`forecast-quota:${userId}:${publishedCount}`, () => forecastApi.quota());

  const update = (change: Partial<PublishFormValues>) => {
    // Other values are another request: a new idempotency key when it is sent.
    key.current = null;
    setValues((current) => ({ ...current, ...change }));
    for (const field of Object.keys(change)) {
      const name = field === 'matchId' ? 'match_id' : field === 'free' ? 'price' : field;
      errors.setFieldError(name, null);
    }
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = checkPublishForm(values);
    if (!checked.ok) {
      errors.clear();
      for (const [field, message] of Object.entries(checked.errors)) errors.setFieldError(field, t(message.key, message.params));
      return;
    }
    key.current ??= newIdempotencyKey();
    setPending(true);
    errors.clear();
    try {
      const plan = await forecastApi.publish({ ...checked.body, idempotency_key: key.current });
      key.current = null;
      setPublished(plan);
      setPublishedCount((n) => n + 1);
      setValues({ ...EMPTY_PUBLISH_FORM, matchId: values.matchId });
    } catch (failure) {
      errors.showApiError(failure, { formFields: PUBLISH_FIELDS, fallback: t('publish.failed') });
      // The daily count may have moved (another tab published): ask again.
      if (apiErrorDetails(failure).error === 'PLAN_DAILY_LIMIT') setPublishedCount((n) => n + 1);
    } finally {
      setPending(false);
    }
  }

  if (published) {
    return (
      <ForecastCard title={t('publish.doneTitle')} testId="forecast-published">
        <div className="grid gap-3">
          <FormAlert tone="success">{t('publish.done')}</FormAlert>
          <PlanCard plan={published} onChange={setPublished} />
          <p className="text-sm text-muted">{t('publish.doneFingerprint')}</p>
          <button type="button" className={`${secondaryButtonClass} justify-self-start`} onClick={() => setPublished(null)}>
            {t('publish.another')}
          </button>
        </div>
      </ForecastCard>
    );
  }

  const remaining = quota.data?.remaining ?? null;
  return (
    <ForecastCard
      title={t('publish.title')}
      lead={t('publish.lead')}
      action={
        quota.data ? (
          <p className={`rounded-md px-3 py-1.5 text-sm font-semibold tabular-nums ${remaining === 0 ? 'bg-accent-soft text-accent-strong dark:text-accent' : 'bg-surface-muted'}`} data-testid="publish-quota">
            {t('publish.quota', { remaining: quota.data.remaining, limit: quota.data.limit })}
          </p>
        ) : null
      }
      testId="forecast-publish"
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5" data-testid="publish-form">
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        {remaining === 0 ? <FormAlert>{t('publish.quotaUsed', { limit: quota.data?.limit ?? 0 })}</FormAlert> : null}

        <MatchChoice
          matches={upcomingList}
          loading={upcoming.data === null && !upcoming.error}
          chosen={chosen}
          value={values.matchId}
          error={errors.fields.match_id ?? null}
          onChange={(matchId) => update({ matchId, selection: null })}
        />

        {values.matchId !== null ? (
          <MarketChoice
            matchId={values.matchId}
            match={chosen}
            value={values.selection}
            error={errors.fields.selection ?? null}
            onChange={(selection) => update({ selection })}
          />
        ) : null}

        <DescriptionField value={values.description} error={errors.fields.description ?? null} onChange={(description) => update({ description })} />

        <PriceField free={values.free} price={values.price} error={errors.fields.price ?? null} onChange={(change) => update(change)} />

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButtonClass} disabled={pending} data-testid="publish-submit">
            {pending ? t('publish.publishing') : t('publish.submit')}
          </button>
          <p className="text-xs text-muted">{t('publish.fingerprintNote')}</p>
        </div>
      </form>
    </ForecastCard>
  );
}

function FieldError({ id, name, message }: { id: string; name: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} data-field-error={name} className="text-xs font-medium text-accent">
      {message}
    </p>
  );
}

function MatchChoice({
  matches,
  loading,
  chosen,
  value,
  error,
  onChange,
}: {
  matches: readonly UpcomingMatch[];
  loading: boolean;
  chosen: UpcomingMatch | null;
  value: number | null;
  error: string | null;
  onChange: (matchId: number | null) => void;
}) {
  const { t } = useTranslation('forecast');
  const formatDate = useDateFormat();
  const id = useId();
  const when = (m: UpcomingMatch) =>
    formatDate(new Date(m.matchTime * 1000).toISOString(), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const label = (m: UpcomingMatch) => `${when(m)} · ${m.home} – ${m.away}${m.competition ? ` (${m.competition})` : ''}`;
  const bySport = (sport: Sport) => matches.filter((m) => m.sport === sport);
  const inList = value !== null && matches.some((m) => m.id === value);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t('publish.match')}
      </label>
      <select
        id={id}
        name="match_id"
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        data-testid="publish-match"
      >
        <option value="">{loading ? t('publish.matchesLoading') : t('publish.matchPlaceholder')}</option>
        {value !== null && !inList ? <option value={String(value)}>{chosen ? label(chosen) : t('publish.matchNumber', { id: value })}</option> : null}
        {(['football', 'basketball'] as const).map((sport) =>
          bySport(sport).length > 0 ? (
            <optgroup key={sport} label={t(`sport.${sport}`)}>
              {bySport(sport).map((m) => (
                <option key={`${m.sport}:${m.id}`} value={String(m.id)}>
                  {label(m)}
                </option>
              ))}
            </optgroup>
          ) : null,
        )}
      </select>
      {!loading && matches.length === 0 ? <p className="text-xs text-muted">{t('publish.noMatches')}</p> : null}
      <FieldError id={`${id}-error`} name="match_id" message={error} />
    </div>
  );
}

function MarketChoice({
  matchId,
  match,
  value,
  error,
  onChange,
}: {
  matchId: number;
  match: UpcomingMatch | null;
  value: Selection | null;
  error: string | null;
  onChange: (selection: Selection) => void;
}) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  const [format] = useOddsFormat();
  const markets = useApiData(`forecast-markets:${matchId}`, () => forecastApi.markets(matchId));
  const groups = useMemo(() => groupMarkets(markets.data?.markets ?? []), [markets.data]);
  const errorId = useId();
  const chosenKey = value ? selectionKey(value) : null;
  const team = (pick: string) => (pick === 'home' ? (match?.home ?? t('publish.home')) : pick === 'away' ? (match?.away ?? t('publish.away')) : '');

  if (markets.error) {
    return (
      <div className="grid justify-items-start gap-2">
        <FormAlert>{apiErrorDetails(markets.error).message ?? t('publish.marketsFailed')}</FormAlert>
        <button type="button" className={secondaryButtonClass} onClick={markets.reload}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  if (markets.data === null) {
    return (
      <p className="text-sm text-muted" role="status">
        {t('publish.marketsLoading')}
      </p>
    );
  }
  if (!markets.data.publishable) {
    return (
      <div data-testid="publish-unavailable">
        <FormAlert>{markets.data.reason_text ?? t('messages:forecast.match.unsupported')}</FormAlert>
      </div>
    );
  }
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined} data-testid="publish-markets">
      <legend className="mb-1 text-sm font-medium">{t('publish.selection')}</legend>
      <p className="text-xs text-muted">{t('publish.oddsNote')}</p>
      {groups.map((group) => (
        <div key={`${group.market}:${group.period}`} className="grid gap-1.5" data-testid="publish-market-group">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">
            {t(marketKey(group.market))} · {t(periodKey(group.period))}
          </p>
          {/* One row per line: over and under of a total (the two sides of a handicap) side by side. */}
          {group.rows.map((row) => (
            <div key={String(row.line)} className={`grid grid-cols-2 gap-1.5 ${row.options.length > 2 ? 'sm:grid-cols-3' : ''}`} data-testid="publish-market-row">
              {row.options.map((option) => {
                const optionKey = selectionKey(option);
                const checked = optionKey === chosenKey;
                return (
                  <label
                    key={optionKey}
                    className={`flex cursor-pointer items-center justify-between gap-2 rounded-md border px-2.5 py-2 text-sm ${checked ? 'border-accent bg-accent-soft' : 'border-line hover:bg-surface-muted'}`}
                  >
                    <span className="flex min-w-0 items-center gap-2">
                      <input
                        type="radio"
                        name="selection"
                        value={optionKey}
                        checked={checked}
                        onChange={() => onChange({ market: option.market, period: option.period, pick: option.pick, line: option.line })}
                        className="accent-accent"
                      />
                      <span className="min-w-0 truncate">
                        {t(pickKey(option.market, option.pick), { team: team(option.pick), line: formatSelectionLine(option.market, option.line, locale) })}
                      </span>
                    </span>
                    <span className="font-bold tabular-nums">{formatOdds(option.odds, format, locale)}</span>
                  </label>
                );
              })}
            </div>
          ))}
        </div>
      ))}
      <FieldError id={errorId} name="selection" message={error} />
    </fieldset>
  );
}

/**
 * The community excerpt of the description as the server will cut it (core/forecast/excerpt.ts),
 * loaded on demand: it needs Intl.Segmenter, which some browsers the site supports lack, and
 * the form works without the preview.
 */
function useExcerptPreview(description: string): string | null {
  const [cut, setCut] = useState<((text: string) => string | null) | null>(null);
  useEffect(() => {
    if (typeof Intl.Segmenter !== 'function') return;
    let live = true;
    import('../../../../core/forecast/excerpt').then(
      (module) => {
        if (live) setCut(() => module.communityExcerpt);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return cut !== null && syncsToCommunity(description) ? cut(description) : null;
}

function DescriptionField({ value, error, onChange }: { value: string; error: string | null; onChange: (value: string) => void }) {
  const { t } = useTranslation('forecast');
  const id = useId();
  const length = descriptionLength(value);
  const excerpt = useExcerptPreview(value);
  return (
    <div className="grid gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {t('publish.description')}
        </label>
        <span className={`text-xs tabular-nums ${length > PLAN_DESCRIPTION_MAX ? 'font-semibold text-accent' : 'text-muted'}`} aria-live="polite" data-testid="publish-count">
          {t('publish.count', { count: length, max: PLAN_DESCRIPTION_MAX })}
        </span>
      </div>
      <textarea
        id={id}
        name="description"
        rows={6}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={inputClass}
        data-testid="publish-description"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('publish.syncNote', { threshold: PLAN_COMMUNITY_SYNC_THRESHOLD })}
      </p>
      {excerpt ? (
        <div className="rounded-md bg-surface-muted px-3 py-2 text-xs" data-testid="publish-excerpt">
          <p className="font-semibold">{t('publish.excerptPreview')}</p>
          <p className="mt-0.5 break-words">{excerpt}</p>
        </div>
      ) : null}
      <FieldError id={`${id}-error`} name="description" message={error} />
    </div>
  );
}

function PriceField({ free, price, error, onChange }: { free: boolean; price: string; error: string | null; onChange: (change: Partial<PublishFormValues>) => void }) {
  const { t } = useTranslation('forecast');
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t('publish.price')}</legend>
      <label className="inline-flex items-center gap-2 text-sm">
        <input type="checkbox" name="free" checked={free} onChange={(event) => onChange({ free: event.target.checked })} className="accent-accent" data-testid="publish-free" />
        {t('publish.free')}
      </label>
      <div className="grid max-w-xs gap-1">
        <label htmlFor={id} className="text-sm">
          {t('publish.points')}
        </label>
        <input
          id={id}
          name="price"
          type="number"
          inputMode="numeric"
          min={PLAN_PRICE_MIN}
          max={PLAN_PRICE_MAX}
          step={1}
          value={free ? '' : price}
          disabled={free}
          onChange={(event) => onChange({ price: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={inputClass}
          data-testid="publish-price"
        />
        <p id={`${id}-hint`} className="text-xs text-muted">
          {t('publish.priceHint', { min: PLAN_PRICE_MIN, max: PLAN_PRICE_MAX })}
        </p>
        <FieldError id={`${id}-error`} name="price" message={error} />
      </div>
    </fieldset>
  );
}
