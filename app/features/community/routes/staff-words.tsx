import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { data, useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { REVIEW_WORD_MAX, type ReviewWordsData } from '../../../../core/contracts/community-moderation';
import { loadStaffAccess } from '../../../components/staff/staff-access';
import { StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { staffMeta } from '../../../components/staff/staff-meta';
import { FormAlert, inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useDateFormat } from '../../../lib/format';
import { staffModerationApi } from '../staff-moderation-api';

/** The review words, read on the server for staff only (decision 143). */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
  const access = loadStaffAccess(args);
  if (!access.data.allowed) return data({ allowed: false, words: null as ReviewWordsData | null }, { status: 403 });
  return data({ allowed: true, words: (await args.context.communityModeration?.reviewWords()) ?? null });
}

export const meta = staffMeta('page.title');

/** /staff/community/words: the review words — a post holding one waits for staff (decision 143). */
export default function StaffWordsRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <WordsPage initial={access.words} />
    </StaffGate>
  );
}

function WordsPage({ initial }: { initial: ReviewWordsData | null }) {
  const { t } = useTranslation('community');
  const [words, setWords] = useState(initial);
  useEffect(() => setWords(initial), [initial]);
  const formatDate = useDateFormat();
  const id = useId();
  const [word, setWord] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(work: () => Promise<ReviewWordsData>) {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      setWords(await work());
      setWord('');
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('moderation.failed'));
    } finally {
      setPending(false);
    }
  }

  function add(event: FormEvent) {
    event.preventDefault();
    if (word.trim()) void run(() => staffModerationApi.addWord({ word: word.trim() }));
  }

  return (
    <StaffFrame title={t('moderation.words.title')} lead={t('moderation.words.lead')}>
      <StaffCard aria-labelledby="staff-words-add">
        <h2 id="staff-words-add" className="sr-only">
          {t('moderation.words.add')}
        </h2>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <form className="mt-2 flex flex-wrap items-end gap-2" onSubmit={add}>
          <label className="grid gap-1 text-sm" htmlFor={`${id}-word`}>
            <span className="font-medium">{t('moderation.words.word')}</span>
            <input id={`${id}-word`} value={word} maxLength={REVIEW_WORD_MAX} onChange={(event) => setWord(event.target.value)} className={inputClass} />
          </label>
          <button type="submit" className={primaryButtonClass} disabled={pending}>
            {t('moderation.words.add')}
          </button>
        </form>
      </StaffCard>
      <StaffCard aria-labelledby="staff-words-list">
        <h2 id="staff-words-list" className="text-base font-semibold">
          {t('moderation.words.list')}
        </h2>
        {words === null || words.words.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t('moderation.words.empty')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line text-sm" data-testid="staff-words">
            {words.words.map((entry) => (
              <li key={entry.word} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{entry.word}</span>{' '}
                  <span className="text-muted">
                    {entry.source === 'setting' ? t('moderation.words.fromSettings') : t('moderation.words.addedBy', { nickname: entry.added_by?.nickname ?? '', date: entry.added_at ? formatDate(entry.added_at) : '' })}
                  </span>
                </span>
                {entry.source === 'staff' ? (
                  <button type="button" className={secondaryButtonClass} disabled={pending} onClick={() => run(() => staffModerationApi.removeWord({ word: entry.word }))}>
                    {t('moderation.words.remove')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </StaffCard>
    </StaffFrame>
  );
}
