import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ReviewItem, ReviewKind, ReviewKindsData, ReviewStatus } from '../../../../core/contracts/review';
import { REVIEW_STATUSES, type ReviewDecision } from '../../../../core/review/transitions';
import { FormAlert, inputClass, primaryButtonClass, secondaryButtonClass, dangerButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useDateFormat } from '../../../lib/format';
import { useLocalizedPath } from '../../../lib/locale';
import { useApiData } from '../../../lib/use-api-data';
import { LoadState, StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { loadStaffAccess } from '../../../components/staff/staff-access';
import { staffMeta } from '../../../components/staff/staff-meta';
import {
  parseReviewKindParam,
  parseReviewStatusParam,
  reviewAge,
  reviewQueueSearch,
  REVIEWS_PAGE_SIZE,
  staffReviewApi,
  STAFF_REVIEWS,
} from '../staff-review-api';

export function loader(args: LoaderFunctionArgs) {
  return loadStaffAccess(args);
}

export const meta = staffMeta('page.title');

/**
 * /staff/reviews: the one review queue (GET /api/staff/reviews, decision 134), oldest first, per
 * kind and status. Until a feature registers a kind it says so and names the kinds to come.
 */
export default function StaffReviewsRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <ReviewsPage />
    </StaffGate>
  );
}

const chipClass = (active: boolean) =>
  `rounded-md border px-3 py-1.5 font-medium whitespace-nowrap ${active ? 'border-accent bg-accent-soft text-accent-strong dark:text-accent' : 'border-line text-muted hover:bg-surface-muted'}`;

function useKindLabel() {
  const { t } = useTranslation('staff');
  // A kind the site's texts know by name (the planned ones) reads as a word; any other as registered.
  return (kind: string) => t(`reviews.kinds.${kind}`, { defaultValue: kind });
}

function ReviewsPage() {
  const { t } = useTranslation('staff');
  const kinds = useApiData('staff-review-kinds', staffReviewApi.kinds);
  return (
    <StaffFrame title={t('reviews.title')} lead={t('reviews.lead')}>
      {kinds.data === null || kinds.error ? (
        <StaffCard>
          <LoadState error={kinds.error} onRetry={kinds.reload} />
        </StaffCard>
      ) : kinds.data.kinds.length === 0 ? (
        <NothingRegistered kinds={kinds.data} />
      ) : (
        <Queue kinds={kinds.data.kinds} />
      )}
    </StaffFrame>
  );
}

function NothingRegistered({ kinds }: { kinds: ReviewKindsData }) {
  const { t } = useTranslation('staff');
  const kindLabel = useKindLabel();
  return (
    <StaffCard data-testid="staff-reviews-none">
      <p className="text-base font-semibold">{t('reviews.none.title')}</p>
      <p className="mt-1 text-sm text-muted">{t('reviews.none.lead')}</p>
      <ul className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
        {kinds.planned.map((kind) => (
          <li key={kind} className="rounded-md bg-surface-muted px-3 py-2">
            <span className="font-medium">{kindLabel(kind)}</span>
            <span className="block text-xs text-muted">{t(`reviews.none.uses.${kind}`, { defaultValue: '' })}</span>
          </li>
        ))}
      </ul>
    </StaffCard>
  );
}

function Queue({ kinds }: { kinds: ReviewKind[] }) {
  const { t } = useTranslation('staff');
  const localize = useLocalizedPath();
  const kindLabel = useKindLabel();
  const [params] = useSearchParams();
  const kind = parseReviewKindParam(params.get('kind'), kinds.map((known) => known.kind));
  const status = parseReviewStatusParam(params.get('status'));
  const cursor = params.get('cursor');
  const queue = useApiData(`staff-reviews:${kind ?? ''}:${status}:${cursor ?? ''}`, () =>
    staffReviewApi.list({ kind, status, cursor, size: REVIEWS_PAGE_SIZE }),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const href = (filter: { kind: string | null; status: ReviewStatus; cursor?: string | null }) => `${localize(STAFF_REVIEWS)}${reviewQueueSearch(filter)}`;
  const { data } = queue;

  return (
    <StaffCard aria-labelledby="staff-reviews-list">
      <div className="grid gap-2">
        <nav aria-label={t('reviews.filter.kind')} className="flex flex-wrap gap-1 text-sm" data-testid="staff-reviews-kind">
          {[null, ...kinds.map((known) => known.kind)].map((option) => (
            <Link key={option ?? 'all'} to={href({ kind: option, status })} aria-current={option === kind ? 'page' : undefined} className={chipClass(option === kind)}>
              {option === null ? t('reviews.filter.allKinds') : kindLabel(option)}
            </Link>
          ))}
        </nav>
        <nav aria-label={t('reviews.filter.status')} className="flex flex-wrap gap-1 text-sm" data-testid="staff-reviews-status">
          {REVIEW_STATUSES.map((option) => (
            <Link key={option} to={href({ kind, status: option })} aria-current={option === status ? 'page' : undefined} className={chipClass(option === status)}>
              {t(`reviews.status.${option}`)}
            </Link>
          ))}
        </nav>
      </div>
      <h2 id="staff-reviews-list" className="sr-only">
        {t('reviews.listTitle')}
      </h2>
      {notice ? (
        <div className="mt-3">
          <FormAlert tone="success">{notice}</FormAlert>
        </div>
      ) : null}
      <div className="mt-3">
        {data === null || queue.error ? (
          <LoadState error={queue.error} onRetry={queue.reload} />
        ) : data.list.length === 0 ? (
          <p className="rounded-md bg-surface-muted px-4 py-4 text-sm" data-testid="staff-reviews-empty">
            {cursor ? t('reviews.pageEmpty') : status === 'pending' ? t('reviews.emptyPending') : t('reviews.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-line" aria-busy={queue.loading} data-testid="staff-reviews">
            {data.list.map((item) => (
              <ReviewRow
                key={item.id}
                item={item}
                kind={kinds.find((known) => known.kind === item.kind) ?? null}
                onDecided={(decided) => {
                  queue.update((current) => ({ ...current, list: current.list.filter((entry) => entry.id !== decided.id) }));
                  setNotice(t(`reviews.decided.${decided.status}`, { label: decided.subject_label }));
                }}
              />
            ))}
          </ul>
        )}
      </div>
      {data && (cursor || data.next_cursor) ? (
        <nav aria-label={t('reviews.pagination')} className="mt-3 flex flex-wrap justify-between gap-2 text-sm">
          {cursor ? (
            <Link to={href({ kind, status })} className={secondaryButtonClass}>
              {t('reviews.firstPage')}
            </Link>
          ) : (
            <span />
          )}
          {data.next_cursor ? (
            <Link to={href({ kind, status, cursor: data.next_cursor })} className={secondaryButtonClass} data-testid="staff-reviews-next">
              {t('reviews.nextPage')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </StaffCard>
  );
}

function ReviewRow({ item, kind, onDecided }: { item: ReviewItem; kind: ReviewKind | null; onDecided: (item: ReviewItem) => void }) {
  const { t } = useTranslation('staff');
  const kindLabel = useKindLabel();
  const formatDate = useDateFormat();
  const age = reviewAge(item.queued_at, Date.now());
  return (
    <li className="grid gap-2 py-3" data-testid="staff-review-row" data-review-id={item.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-semibold break-words">{item.subject_label}</p>
        {/* a waiting item shows how long it has waited; a decided one when it was sent */}
        <span className="text-xs whitespace-nowrap text-muted" title={formatDate(item.queued_at)}>
          {item.status === 'pending' ? t(`reviews.age.${age.unit}`, { count: age.count }) : t('reviews.sentOn', { date: formatDate(item.queued_at) })}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-2 gap-y-1 text-xs text-muted">
        <span className="rounded bg-surface-muted px-1.5 font-medium text-text">{kindLabel(item.kind)}</span>
        <span className="tabular-nums">{t('reviews.subject', { type: item.subject_type, id: item.subject_id })}</span>
        <span>{t('reviews.submittedBy', { nickname: item.submitted_by.nickname })}</span>
        {item.appealed_at ? <span className="rounded bg-accent-soft px-1.5 font-medium text-accent-strong dark:text-accent">{t('reviews.appealed')}</span> : null}
      </p>
      {item.status !== 'pending' ? (
        <p className="text-sm">
          {t(`reviews.status.${item.status}`)}
          {item.reason_label ? ` · ${item.reason_label}` : ''}
          {item.decided_by ? ` · ${t('reviews.decidedBy', { nickname: item.decided_by.nickname, date: item.decided_at ? formatDate(item.decided_at) : '' })}` : ''}
          {item.note ? <span className="mt-1 block rounded-md bg-surface-muted px-3 py-2 text-sm whitespace-pre-wrap">{item.note}</span> : null}
        </p>
      ) : (
        <DecisionForm item={item} kind={kind} onDecided={onDecided} />
      )}
    </li>
  );
}

function DecisionForm({ item, kind, onDecided }: { item: ReviewItem; kind: ReviewKind | null; onDecided: (item: ReviewItem) => void }) {
  const { t } = useTranslation('staff');
  const id = useId();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [pending, setPending] = useState<ReviewDecision | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function decide(decision: ReviewDecision) {
    if (pending) return;
    if (decision === 'reject' && reason === '') {
      setError(t('reviews.reasonMissing'));
      return;
    }
    setPending(decision);
    setError(null);
    try {
      const trimmed = note.trim();
      onDecided(
        await staffReviewApi.decide(item.id, {
          decision,
          ...(decision === 'reject' ? { reason } : {}),
          ...(trimmed ? { note: trimmed } : {}),
        }),
      );
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('reviews.failed'));
    } finally {
      setPending(null);
    }
  }

  return (
    <form className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" onSubmit={(event: FormEvent) => event.preventDefault()}>
      {error ? (
        <div className="sm:col-span-2">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      <label className="grid gap-1 text-sm" htmlFor={`${id}-reason`}>
        <span className="font-medium">{t('reviews.reason')}</span>
        <select id={`${id}-reason`} value={reason} onChange={(event) => setReason(event.target.value)} className={inputClass}>
          <option value="">{t('reviews.reasonPlaceholder')}</option>
          {(kind?.reasons ?? []).map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-note`}>
        <span className="font-medium">{t('reviews.note')}</span>
        <textarea id={`${id}-note`} value={note} maxLength={1000} rows={1} onChange={(event) => setNote(event.target.value)} className={inputClass} />
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="button" className={primaryButtonClass} disabled={pending !== null} onClick={() => decide('approve')}>
          {pending === 'approve' ? t('reviews.working') : t('reviews.approve')}
        </button>
        <button type="button" className={secondaryButtonClass} disabled={pending !== null} onClick={() => decide('request_changes')}>
          {pending === 'request_changes' ? t('reviews.working') : t('reviews.requestChanges')}
        </button>
        <button type="button" className={dangerButtonClass} disabled={pending !== null} onClick={() => decide('reject')}>
          {pending === 'reject' ? t('reviews.working') : t('reviews.reject')}
        </button>
      </div>
    </form>
  );
}
