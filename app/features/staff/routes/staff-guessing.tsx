import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLoaderData, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { inputClass, primaryButtonClass } from '../../../components/ui/field';
import { formatNumber, useDateFormat } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { pageMeta } from '../../../lib/page-meta';
import { useApiData } from '../../../lib/use-api-data';
import { MatchMarkets, matchName } from '../components/guessing-markets';
import { Pagination } from '../components/pagination';
import { LoadState, StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { loadStaffAccess, type StaffAccess } from '../../../components/staff/staff-access';
import { parseIdInput } from '../staff-forecast-api';
import { STAFF_BET_MATCHES_PAGE_SIZE, staffGuessingApi } from '../staff-guessing-api';
import { pageCount, parsePageParam } from '../staff-lists';

export function loader(args: LoaderFunctionArgs) {
  return loadStaffAccess(args);
}

/** Never indexed; readers without a staff role get the 403 page's title. */
export const meta: MetaFunction = (args) => {
  const forbidden = (args.data as StaffAccess | undefined)?.allowed === false;
  return pageMeta(args, { namespace: 'staff', title: forbidden ? 'forbidden.title' : 'guessing.title', description: forbidden ? 'page.description' : 'guessing.lead', noIndex: true });
};

/**
 * /staff/guessing: voiding a market of the guessing contest with a reason. Staff find a match by
 * id (?match=) or among the matches with open bets (GET /api/staff/guessing/matches), see its
 * markets with bets and earlier staff voids (GET /api/staff/guessing/matches/:matchId), and void
 * one after a confirmation (POST /api/staff/guessing/matches/:matchId/void-market).
 */
export default function StaffGuessingRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <GuessingTools />
    </StaffGate>
  );
}

function GuessingTools() {
  const { t } = useTranslation('staff');
  const [params] = useSearchParams();
  const matchId = parseIdInput(params.get('match') ?? '');
  const page = parsePageParam(params.get('page'));
  const [version, setVersion] = useState(0);
  return (
    <StaffFrame title={t('guessing.title')} lead={t('guessing.lead')}>
      <div className="grid grid-cols-1 items-start gap-3 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-3 lg:col-start-2 lg:row-start-1">
          <FindMatch matchId={matchId} />
          <OpenMatches selected={matchId} page={page} version={version} />
        </div>
        <div className="lg:col-start-1 lg:row-start-1">
          {matchId === null ? (
            <StaffCard data-testid="staff-guessing-none">
              <p className="rounded-md bg-surface-muted px-4 py-4 text-sm">{t('guessing.match.choose')}</p>
            </StaffCard>
          ) : (
            <SelectedMatch key={matchId} matchId={matchId} version={version} onVoided={() => setVersion((n) => n + 1)} />
          )}
        </div>
      </div>
    </StaffFrame>
  );
}

function FindMatch({ matchId }: { matchId: number | null }) {
  const { t } = useTranslation('staff');
  const inputId = useId();
  return (
    <StaffCard aria-labelledby="staff-guessing-find-title" data-testid="staff-guessing-find">
      <h2 id="staff-guessing-find-title" className="text-lg font-bold">
        {t('guessing.find.title')}
      </h2>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('guessing.find.match')}
          </label>
          <input key={matchId ?? ''} id={inputId} name="match" inputMode="numeric" defaultValue={matchId ?? ''} className={`${inputClass} w-40`} />
        </div>
        <button type="submit" className={primaryButtonClass}>
          {t('guessing.find.submit')}
        </button>
      </Form>
    </StaffCard>
  );
}


function OpenMatches({ selected, page, version }: { selected: number | null; page: number; version: number }) {
  const { t } = useTranslation('staff');
  const locale = useLocale();
  const formatDate = useDateFormat();
  const list = useApiData(`staff-bet-matches:${page}:${version}`, () => staffGuessingApi.matches({ page, size: STAFF_BET_MATCHES_PAGE_SIZE }));
  const { data } = list;
  const href = (n: number, match: number | null = selected) => {
    const query = new URLSearchParams();
    if (match !== null) query.set('match', String(match));
    if (n > 1) query.set('page', String(n));
    const text = query.toString();
    return text === '' ? '?' : `?${text}`;
  };
  return (
    <StaffCard aria-labelledby="staff-guessing-open-title" data-testid="staff-guessing-open">
      <h2 id="staff-guessing-open-title" className="text-lg font-bold">
        {t('guessing.open.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('guessing.open.lead')}</p>
      <div className="mt-3">
        {data === null || list.error ? (
          <LoadState error={list.error} onRetry={list.reload} />
        ) : data.list.length === 0 ? (
          <p className="rounded-md bg-surface-muted px-4 py-4 text-sm">{t('guessing.open.empty')}</p>
        ) : (
          <ul className="divide-y divide-line text-sm" aria-busy={list.loading}>
            {data.list.map((entry) => {
              const openLegs = entry.markets.reduce((sum, m) => sum + m.legs.open, 0);
              return (
                <li key={entry.match.id} data-testid="staff-guessing-open-match">
                  <Link
                    to={href(page, entry.match.id)}
                    preventScrollReset
                    aria-current={entry.match.id === selected ? 'true' : undefined}
                    className={`block rounded-md px-2 py-2 hover:bg-surface-muted ${entry.match.id === selected ? 'bg-accent-soft' : ''}`}
                  >
                    <span className="block font-semibold break-words">{matchName(entry.match)}</span>
                    <span className="block text-xs text-muted">
                      #{entry.match.id} · {formatDate(new Date(entry.match.match_time * 1000).toISOString())} ·{' '}
                      {t('guessing.open.legs', { count: openLegs, formatted: formatNumber(openLegs, locale) })}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {data ? <Pagination label={t('guessing.open.pagination')} page={page} pages={pageCount(data.total, data.size)} href={(n) => href(n)} /> : null}
    </StaffCard>
  );
}

function SelectedMatch({ matchId, version, onVoided }: { matchId: number; version: number; onVoided: () => void }) {
  const { t } = useTranslation('staff');
  const [own, setOwn] = useState(0);
  const detail = useApiData(`staff-bet-match:${matchId}:${version}:${own}`, () => staffGuessingApi.match(matchId));
  const { data } = detail;
  return (
    <StaffCard aria-labelledby="staff-guessing-match-title" data-testid="staff-guessing-match">
      <h2 id="staff-guessing-match-title" className="text-lg font-bold break-words">
        {data ? matchName(data.match) : t('guessing.match.title', { id: matchId })}
      </h2>
      {data === null || detail.error ? (
        <div className="mt-3">
          <LoadState error={detail.error} onRetry={detail.reload} />
        </div>
      ) : (
        <MatchMarkets
          entry={data}
          onVoided={() => {
            setOwn((n) => n + 1);
            onVoided();
          }}
        />
      )}
    </StaffCard>
  );
}
