import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { NEWS_LOCALES, type StaffNewsArticle } from '../../../../core/contracts/news';
import { loadStaffAccess } from '../../../components/staff/staff-access';
import { LoadState, StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { staffMeta } from '../../../components/staff/staff-meta';
import { LocalLink } from '../../../components/local-link';
import { useDateFormat } from '../../../lib/format';
import { useApiData } from '../../../lib/use-api-data';
import { STAFF_NEWS_NEW, staffNewsApi, staffNewsPath } from '../staff-news-api';

export function loader(args: LoaderFunctionArgs) {
  return loadStaffAccess(args);
}

export const meta = staffMeta('page.title');

/** /staff/news: every article, last changed first, with its languages and a publish switch. */
export default function StaffNewsRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <Articles />
    </StaffGate>
  );
}

export function titleOf(article: Pick<StaffNewsArticle, 'translations'>): string {
  for (const locale of NEWS_LOCALES) {
    const title = article.translations[locale]?.title;
    if (title) return title;
  }
  return '—';
}

function Articles() {
  const { t } = useTranslation('sports');
  const formatDate = useDateFormat();
  const articles = useApiData('staff-news:1', () => staffNewsApi.list({ page: 1, size: 50 }));
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  async function toggle(article: StaffNewsArticle) {
    setBusy(article.uuid);
    setFailed(false);
    try {
      await (article.status === 'published' ? staffNewsApi.unpublish(article.uuid) : staffNewsApi.publish(article.uuid));
      articles.reload();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  return (
    <StaffFrame
      title={t('staff.title')}
      lead={t('staff.lead')}
      aside={
        <LocalLink to={STAFF_NEWS_NEW} className="rounded-md bg-accent px-3 py-2 text-sm font-semibold text-accent-contrast hover:bg-accent-strong" data-testid="staff-news-new">
          {t('staff.new')}
        </LocalLink>
      }
    >
      <StaffCard>
        {failed ? <p role="alert" className="mb-2 text-sm text-danger">{t('staff.failed')}</p> : null}
        {articles.data === null || articles.error ? (
          <LoadState error={articles.error} onRetry={articles.reload} />
        ) : articles.data.list.length === 0 ? (
          <p className="rounded-md bg-surface-muted px-4 py-4 text-sm">{t('staff.empty')}</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="staff-news-list">
            {articles.data.list.map((article) => (
              <li key={article.uuid} className="grid gap-1 py-3" data-testid="staff-news-row" data-uuid={article.uuid}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <LocalLink to={staffNewsPath(article.uuid)} className="min-w-0 font-semibold break-words hover:text-accent">
                    {titleOf(article)}
                  </LocalLink>
                  <span className={`rounded px-1.5 text-xs font-medium ${article.status === 'published' ? 'bg-accent-soft text-accent-strong' : 'bg-surface-muted text-muted'}`}>
                    {t(`staff.status.${article.status}`)}
                  </span>
                </div>
                <p className="flex flex-wrap gap-x-3 text-xs text-muted">
                  <span>
                    {t(`type.${article.type}`)} · {t(`sport.${article.sport}`)}
                  </span>
                  <span>
                    {t('staff.languages')}: {NEWS_LOCALES.filter((locale) => article.translations[locale]).join(', ')}
                  </span>
                  <span>{formatDate(article.updated_at)}</span>
                </p>
                <div className="flex flex-wrap gap-2 text-sm">
                  <LocalLink to={staffNewsPath(article.uuid)} className="font-medium text-accent-strong hover:underline">
                    {t('staff.edit')}
                  </LocalLink>
                  {article.status === 'published' && article.path ? (
                    <LocalLink to={article.path} className="font-medium text-accent-strong hover:underline">
                      {t('staff.view')}
                    </LocalLink>
                  ) : null}
                  <button type="button" disabled={busy === article.uuid} onClick={() => void toggle(article)} className="font-medium text-accent-strong hover:underline disabled:opacity-50">
                    {article.status === 'published' ? t('staff.unpublish') : t('staff.publish')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </StaffCard>
    </StaffFrame>
  );
}
