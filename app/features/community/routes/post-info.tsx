import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { LocalLink } from '../../../components/local-link';
import { FormAlert } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { pageMeta } from '../../../lib/page-meta';
import { useApiData } from '../../../lib/use-api-data';
import { useNowSec } from '../../../lib/use-clock';
import { communityApi } from '../community-api';
import { communityPaths } from '../community-paths';
import { LoginNeeded } from '../components/login-needed';
import { canEdit } from '../post-view';

/** The editor (Tiptap and ProseMirror) loads only here, after the page: no other page's scripts carry it. */
const PostEditor = lazy(() => import('../components/post-editor'));

/** `?edit=<id>`: the reader's own post, to change within its edit window. */
export function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get('edit') ?? '';
  return { editId: /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null };
}

export const meta: MetaFunction = (args) => pageMeta(args, { namespace: 'community', title: 'editor.meta.title', description: 'editor.meta.description', noIndex: true });

function EditorLoading() {
  const { t } = useTranslation('community');
  return (
    <p className="px-4 py-8 text-muted" role="status">
      {t('editor.loading')}
    </p>
  );
}

function EditExisting({ postId }: { postId: number }) {
  const { t } = useTranslation('community');
  const nowSec = useNowSec();
  const post = useApiData(`community-edit:${postId}`, () => communityApi.post(postId));
  if (post.error) return <div className="px-4 py-4"><FormAlert>{apiErrorDetails(post.error).message ?? t('feed.failed')}</FormAlert></div>;
  if (post.data === null || nowSec === 0) return <EditorLoading />;
  if (!canEdit(post.data, nowSec * 1000)) return <div className="px-4 py-4"><FormAlert>{t('editor.editClosed')}</FormAlert></div>;
  return (
    <Suspense fallback={<EditorLoading />}>
      <PostEditor editing={post.data} />
    </Suspense>
  );
}

/** postInfo: write a post (or change one's own within its window). Signed-out readers are asked to log in. */
export default function PostInfoRoute() {
  const { t } = useTranslation('community');
  const { editId } = useLoaderData<typeof loader>();
  const user = useCurrentUser();
  return (
    <div className="mx-auto w-full max-w-3xl sm:my-3">
      <section className="min-w-0 bg-surface sm:rounded-lg sm:border sm:border-line">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
          <h1 className="text-xl font-bold">{editId ? t('editor.editTitle') : t('editor.title')}</h1>
          <LocalLink to={editId ? communityPaths.post(editId) : communityPaths.feed} end className="text-sm font-medium text-muted hover:text-text">
            <span aria-hidden="true">‹</span> {t('feed.back')}
          </LocalLink>
        </header>
        {!user ? (
          <LoginNeeded reason={t('editor.loginReason')} />
        ) : editId ? (
          <EditExisting postId={editId} />
        ) : (
          <Suspense fallback={<EditorLoading />}>
            <PostEditor editing={null} />
          </Suspense>
        )}
      </section>
    </div>
  );
}
