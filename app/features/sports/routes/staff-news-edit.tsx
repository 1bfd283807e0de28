import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { NEWS_LOCALES, NEWS_TYPES, type NewsArticleInput, type NewsTag, type NewsType, type StaffNewsArticle } from '../../../../core/contracts/news';
import type { Sport } from '../../../../core/contracts/matches';
import { LOCALES } from '../../../../core/locale';
import { loadStaffAccess } from '../../../components/staff/staff-access';
import { LoadState, StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { staffMeta } from '../../../components/staff/staff-meta';
import { LocalLink } from '../../../components/local-link';
import { ApiError } from '../../../lib/api-client';
import { useDateFormat } from '../../../lib/format';
import { useLocalizedPath } from '../../../lib/locale';
import { smallCoverKey } from '../../../lib/news';
import { useApiData } from '../../../lib/use-api-data';
import { STAFF_NEWS, staffNewsApi, staffNewsPath } from '../staff-news-api';

export function loader(args: LoaderFunctionArgs) {
  return loadStaffAccess(args);
}

export const meta = staffMeta('page.title');

type NewsLocale = (typeof NEWS_LOCALES)[number];
interface Draft {
  on: boolean;
  title: string;
  summary: string;
  body: string;
}

/** /staff/news/new and /staff/news/{uuid}: the article editor — its languages side by side, sport, type, cover and tags. */
export default function StaffNewsEditRoute() {
  const access = useLoaderData<typeof loader>();
  const { uuid } = useParams();
  return <StaffGate access={access}>{uuid ? <Existing uuid={uuid} /> : <Editor initial={null} />}</StaffGate>;
}

function Existing({ uuid }: { uuid: string }) {
  const article = useApiData(`staff-news:${uuid}`, () => staffNewsApi.get(uuid));
  if (article.data === null || article.error) return <LoadState error={article.error} onRetry={article.reload} />;
  return <Editor key={article.data.updated_at} initial={article.data} />;
}

/** The translated messages of a refused save: one per field, named by its language where it has one; else the answer's message. */
function messagesOf(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError && error.data && typeof error.data === 'object') {
    const body = error.data as { message?: string; data?: { fields?: { field: string; message: string }[] } };
    const fields =
      body.data?.fields?.map((field) => {
        const locale = /^translations\.(tr|en|zh)\b/.exec(field.field)?.[1];
        const name = LOCALES.find((l) => l.code === locale)?.name;
        return name ? `${name}: ${field.message}` : field.message;
      }) ?? [];
    return fields.length > 0 ? [...new Set(fields)] : [body.message ?? fallback];
  }
  return [fallback];
}

function Editor({ initial }: { initial: StaffNewsArticle | null }) {
  const { t } = useTranslation('sports');
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const formatDate = useDateFormat();
  const [article, setArticle] = useState(initial);
  const [sport, setSport] = useState<Sport>(initial?.sport ?? 'football');
  const [type, setType] = useState<NewsType>(initial?.type ?? 'news');
  const [cover, setCover] = useState<string[] | null>(initial?.cover_keys ?? null);
  const [tags, setTags] = useState<NewsTag[]>(initial?.tags.map(({ type: tagType, id }) => ({ type: tagType, id })) ?? []);
  const [tagType, setTagType] = useState<NewsTag['type']>('team');
  const [tagId, setTagId] = useState('');
  const [drafts, setDrafts] = useState<Record<NewsLocale, Draft>>(() => {
    const entries = NEWS_LOCALES.map((locale) => {
      const existing = initial?.translations[locale];
      return [locale, { on: initial ? existing !== undefined : true, title: existing?.title ?? '', summary: existing?.summary ?? '', body: existing?.body_html ?? '' }] as const;
    });
    return Object.fromEntries(entries) as Record<NewsLocale, Draft>;
  });
  const [errors, setErrors] = useState<string[]>([]);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'uploading'>('idle');

  const setDraft = (locale: NewsLocale, change: Partial<Draft>) => setDrafts((before) => ({ ...before, [locale]: { ...before[locale], ...change } }));

  function input(): NewsArticleInput {
    const translations: NewsArticleInput['translations'] = {};
    for (const locale of NEWS_LOCALES) {
      const draft = drafts[locale];
      if (draft.on) translations[locale] = { title: draft.title, summary: draft.summary, body: draft.body };
    }
    return { sport, type, cover: cover ? { keys: cover } : null, tags, translations };
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setState('saving');
    setErrors([]);
    try {
      const saved = article ? await staffNewsApi.edit(article.uuid, input()) : await staffNewsApi.create(input());
      setArticle(saved);
      setState('saved');
      if (!article) void navigate(localize(staffNewsPath(saved.uuid)), { replace: true });
    } catch (error) {
      setErrors(messagesOf(error, t('staff.failed')));
      setState('idle');
    }
  }

  async function toggle() {
    if (!article) return;
    setErrors([]);
    try {
      setArticle(await (article.status === 'published' ? staffNewsApi.unpublish(article.uuid) : staffNewsApi.publish(article.uuid)));
    } catch (error) {
      setErrors(messagesOf(error, t('staff.failed')));
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setState('uploading');
    setErrors([]);
    try {
      setCover((await staffNewsApi.upload(file)).keys);
    } catch (error) {
      setErrors(messagesOf(error, t('staff.failed')));
    } finally {
      setState('idle');
    }
  }

  function addTag() {
    const id = Number(tagId);
    if (!Number.isInteger(id) || id < 1) return;
    if (!tags.some((tag) => tag.type === tagType && tag.id === id)) setTags([...tags, { type: tagType, id }]);
    setTagId('');
  }

  const field = 'mt-1 w-full rounded-md border border-line bg-surface px-3 py-2 text-sm';
  const coverKey = smallCoverKey(cover);
  return (
    <StaffFrame title={article ? t('staff.editTitle') : t('staff.newTitle')} back={{ to: STAFF_NEWS, label: t('staff.back') }}>
      <form onSubmit={(event) => void save(event)} className="grid gap-4" data-testid="staff-news-form" noValidate>
        <StaffCard>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="text-sm font-medium">
              {t('staff.sport')}
              <select name="sport" value={sport} onChange={(event) => setSport(event.target.value as Sport)} className={field}>
                <option value="football">{t('sport.football')}</option>
                <option value="basketball">{t('sport.basketball')}</option>
              </select>
            </label>
            <label className="text-sm font-medium">
              {t('staff.type')}
              <select name="type" value={type} onChange={(event) => setType(event.target.value as NewsType)} className={field}>
                {NEWS_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {t(`type.${option}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <fieldset className="mt-4">
            <legend className="text-sm font-medium">{t('staff.cover')}</legend>
            <div className="mt-1 flex flex-wrap items-center gap-3">
              {coverKey ? <img src={`/files/${coverKey}`} alt="" className="h-20 w-36 rounded-md object-cover" data-testid="staff-news-cover" /> : null}
              <input type="file" accept="image/*" aria-label={t('staff.coverUpload')} onChange={(event) => void upload(event.target.files?.[0])} className="text-sm" />
              {state === 'uploading' ? <span className="text-sm text-muted">{t('staff.uploading')}</span> : null}
              {cover ? (
                <button type="button" onClick={() => setCover(null)} className="text-sm font-medium text-accent-strong hover:underline">
                  {t('staff.coverRemove')}
                </button>
              ) : null}
            </div>
          </fieldset>
          <fieldset className="mt-4">
            <legend className="text-sm font-medium">{t('staff.tags')}</legend>
            <ul className="mt-1 flex flex-wrap gap-2" data-testid="staff-news-tags">
              {tags.map((tag) => (
                <li key={`${tag.type}:${tag.id}`} className="flex items-center gap-1 rounded-full border border-line px-2 py-0.5 text-sm">
                  {t(`staff.tagKinds.${tag.type}`)} #{tag.id}
                  <button type="button" onClick={() => setTags(tags.filter((other) => other !== tag))} aria-label={t('staff.removeTag')} className="text-muted hover:text-text">
                    ×
                  </button>
                </li>
              ))}
            </ul>
            <div className="mt-2 flex flex-wrap items-end gap-2">
              <label className="text-sm">
                {t('staff.tagType')}
                <select name="tag-type" value={tagType} onChange={(event) => setTagType(event.target.value as NewsTag['type'])} className={field}>
                  {(['team', 'competition', 'match'] as const).map((option) => (
                    <option key={option} value={option}>
                      {t(`staff.tagKinds.${option}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm">
                {t('staff.tagId')}
                <input name="tag-id" inputMode="numeric" value={tagId} onChange={(event) => setTagId(event.target.value.replace(/\D/g, ''))} className={field} />
              </label>
              <button type="button" onClick={addTag} className="rounded-md border border-line px-3 py-2 text-sm font-medium hover:bg-surface-muted" data-testid="staff-news-add-tag">
                {t('staff.addTag')}
              </button>
            </div>
          </fieldset>
        </StaffCard>
        {NEWS_LOCALES.map((locale) => {
          const draft = drafts[locale];
          const name = LOCALES.find((l) => l.code === locale)?.name ?? locale;
          return (
            <StaffCard key={locale} data-testid={`staff-news-${locale}`}>
              <label className="flex items-center gap-2 text-sm font-semibold">
                <input type="checkbox" name={`${locale}-on`} checked={draft.on} onChange={(event) => setDraft(locale, { on: event.target.checked })} />
                {t('staff.language', { name })}
              </label>
              {draft.on ? (
                <div className="mt-2 grid gap-2" lang={locale}>
                  <label className="text-sm font-medium">
                    {t('staff.fieldTitle')}
                    <input name={`${locale}-title`} value={draft.title} maxLength={160} onChange={(event) => setDraft(locale, { title: event.target.value })} className={field} />
                  </label>
                  <label className="text-sm font-medium">
                    {t('staff.fieldSummary')}
                    <textarea name={`${locale}-summary`} value={draft.summary} maxLength={400} rows={2} onChange={(event) => setDraft(locale, { summary: event.target.value })} className={field} />
                  </label>
                  <label className="text-sm font-medium">
                    {t('staff.fieldBody')}
                    <textarea name={`${locale}-body`} value={draft.body} rows={10} onChange={(event) => setDraft(locale, { body: event.target.value })} className={`${field} font-mono`} />
                  </label>
                </div>
              ) : null}
            </StaffCard>
          );
        })}
        {errors.length > 0 ? (
          <ul role="alert" className="rounded-md border border-accent/40 bg-accent-soft px-4 py-2 text-sm font-medium text-accent-strong dark:text-accent" data-testid="staff-news-errors">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={state === 'saving' || state === 'uploading'} className="rounded-md bg-accent px-4 py-2 font-semibold text-accent-contrast hover:bg-accent-strong disabled:opacity-50" data-testid="staff-news-save">
            {article ? t('staff.save') : t('staff.create')}
          </button>
          {article ? (
            <button type="button" onClick={() => void toggle()} className="rounded-md border border-line px-4 py-2 font-semibold hover:bg-surface-muted" data-testid="staff-news-publish">
              {article.status === 'published' ? t('staff.unpublish') : t('staff.publish')}
            </button>
          ) : null}
          {article ? <span className="text-sm text-muted" data-testid="staff-news-status">{t(`staff.status.${article.status}`)}</span> : null}
          {state === 'saved' ? <span className="text-sm text-muted" role="status">{t('staff.saved')}</span> : null}
          {article?.status === 'published' && article.path ? (
            <LocalLink to={article.path} className="text-sm font-medium text-accent-strong hover:underline" data-testid="staff-news-view">
              {t('staff.view')}
            </LocalLink>
          ) : null}
        </div>
        {article ? <p className="text-xs text-muted">{t('staff.updatedBy', { id: article.updated_by, date: formatDate(article.updated_at) })}</p> : null}
      </form>
    </StaffFrame>
  );
}
