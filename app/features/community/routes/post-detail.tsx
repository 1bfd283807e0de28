import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { CommunityPost } from '../../../../core/contracts/community';
import { LocalLink } from '../../../components/local-link';
import { showNotice } from '../../../components/notice/notice-store';
import { FormAlert, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { useLocalizedPath } from '../../../lib/locale';
import { throwNotFound } from '../../../lib/not-found';
import { pageMeta } from '../../../lib/page-meta';
import { useRequireLogin } from '../../../lib/require-login';
import { useApiData } from '../../../lib/use-api-data';
import { useNowSec } from '../../../lib/use-clock';

import { communityApi } from '../community-api';
import { communityPaths, fileUrl } from '../community-paths';
import { CommentList } from '../components/comment-list';
import { PostTagLink } from '../components/post-card';
import { PostNotFound } from '../components/post-not-found';
import { PostTime } from '../components/post-time';
import { ReportDialog } from '../components/report-dialog';
import { richTextClass } from '../components/rich-text';
import { canEdit, editMinutesLeft, mediaOf, postShareUrl } from '../post-view';

/**
 * The address names a post by a whole number; anything else is not a page. The post is read on
 * the server (docs/decisions/142) and is in the page's HTML: one the reader may not see (missing,
 * another's waiting or hidden post, blocked either way) is the 404 page, byte for byte like a
 * missing one. `post` is null where the load context has no community read (loader tests): the
 * page then asks in the browser.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<{ postId: number; post: CommunityPost | null }> {
  const raw = params.id ?? '';
  const pathname = new URL(request.url).pathname;
  const postId = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  if (postId === null) throwNotFound(pathname);
  if (!context.community) return { postId, post: null };
  const post = await context.community.post({ id: postId, readerId: context.currentUser?.id ?? null });
  if (post === null) throwNotFound(pathname);
  return { postId, post };
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { namespace: 'community', title: 'post.meta.title', description: 'post.meta.description', values: { id: args.data?.postId ?? '' } });

const actionClass =
  'inline-flex items-center gap-1.5 rounded-md border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60 aria-pressed:border-accent aria-pressed:text-accent';

/** Copies text to the clipboard; false when the browser refuses (no permission, no clipboard). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function PostActions({ post, onChange }: { post: CommunityPost; onChange: (post: CommunityPost) => void }) {
  const { t } = useTranslation('community');
  const requireLogin = useRequireLogin();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const nowSec = useNowSec();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const link = () => postShareUrl(window.location.origin, localize(communityPaths.post(post.id)));

  async function act(run: () => Promise<void>) {
    if (!requireLogin()) return;
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('post.actionFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    showNotice({ message: (await copyText(link())) ? t('post.copied') : t('post.copyFailed') });
  }

  async function share() {
    const url = link();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('post.shareTitle', { nickname: post.author?.nickname ?? '' }), text: post.excerpt ?? undefined, url });
        return;
      } catch (failure) {
        // The reader closed the share sheet: nothing to do. Any other refusal falls back to copying.
        if (failure instanceof DOMException && failure.name === 'AbortError') return;
      }
    }
    await copy();
  }

  const editable = nowSec > 0 && canEdit(post, nowSec * 1000);
  return (
    <div className="border-t border-line px-4 py-3">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={actionClass}
          aria-pressed={post.liked}
          disabled={busy}
          data-testid="post-like"
          onClick={() =>
            void act(async () => {
              const liked = await communityApi.likePost(post.id, !post.liked);
              onChange({ ...post, liked: liked.liked, like_count: liked.like_count });
            })
          }
        >
          <span aria-hidden="true">{post.liked ? '♥' : '♡'}</span> {t('post.likes', { count: post.like_count })}
        </button>
        <button
          type="button"
          className={actionClass}
          aria-pressed={post.favourited}
          disabled={busy}
          data-testid="post-save"
          onClick={() =>
            void act(async () => {
              const saved = await communityApi.favourite(post.id, !post.favourited);
              onChange({ ...post, favourited: saved.favourited });
            })
          }
        >
          <span aria-hidden="true">{post.favourited ? '★' : '☆'}</span> {post.favourited ? t('post.saved') : t('post.save')}
        </button>
        <button type="button" className={actionClass} onClick={() => void copy()} data-testid="post-copy">
          {t('post.copyLink')}
        </button>
        <button type="button" className={actionClass} onClick={() => void share()} data-testid="post-share">
          {t('post.share')}
        </button>
        {post.is_own ? (
          <>
            {editable ? (
              <LocalLink to={`${communityPaths.editor}?edit=${post.id}`} className={actionClass} data-testid="post-edit" title={t('post.editLeft', { count: editMinutesLeft(post, nowSec * 1000) })}>
                {t('post.edit')}
              </LocalLink>
            ) : null}
            <button
              type="button"
              className={actionClass}
              disabled={busy}
              data-testid="post-delete"
              onClick={() => {
                if (!window.confirm(t('post.deleteConfirm'))) return;
                void act(async () => {
                  await communityApi.remove(post.id);
                  showNotice({ message: t('post.deletedNotice') });
                  void navigate(localize(communityPaths.feed));
                });
              }}
            >
              {t('post.delete')}
            </button>
          </>
        ) : (
          <button type="button" className={actionClass} onClick={() => requireLogin() && setReporting(true)} data-testid="post-report">
            {t('report.action')}
          </button>
        )}
      </div>
      {error ? (
        <div className="mt-2">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      {reporting ? <ReportDialog target={{ target_type: 'post', target_id: post.id }} onClose={() => setReporting(false)} /> : null}
    </div>
  );
}

/** The post itself: author, time, words, pictures or video, tag, and what its author is told about its state. */
export function PostView({ post }: { post: CommunityPost }) {
  const { t } = useTranslation('community');
  const media = mediaOf(post);
  const author = post.author;
  return (
    <article data-testid="post-detail" data-post-id={post.id} data-status={post.status}>
      <header className="flex flex-wrap items-baseline gap-x-2 px-4 pt-4 text-sm">
        {author ? (
          <LocalLink to={communityPaths.user(author.id)} className="text-base font-semibold hover:underline" data-testid="post-author">
            {author.nickname}
          </LocalLink>
        ) : null}
        <span className="text-xs text-muted">
          <PostTime at={post.created_at} />
          {post.edited_at ? ` · ${t('post.edited')}` : ''}
        </span>
        <span className="text-xs text-muted">· {t(`feed.sport.${post.sport}`)}</span>
      </header>
      {post.status === 'pending_review' ? (
        <div className="px-4 pt-3">
          <FormAlert tone="success">{t('post.pendingNote')}</FormAlert>
        </div>
      ) : null}
      {post.status === 'hidden' ? (
        <div className="px-4 pt-3">
          <FormAlert>{post.hidden_reason ? t('post.hiddenNoteReason', { reason: t(`reason.${post.hidden_reason}`, { defaultValue: post.hidden_reason }) }) : t('post.hiddenNote')}</FormAlert>
        </div>
      ) : null}
      <div className={`px-4 pt-2 text-[15px] leading-relaxed ${richTextClass}`} data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.body_html ?? '' }} />
      {media.pictures.length > 0 ? (
        <ul className={`grid gap-1.5 px-4 pt-2 ${media.pictures.length === 1 ? 'grid-cols-1' : 'grid-cols-3'}`} data-testid="post-pictures">
          {media.pictures.map((picture, index) => (
            <li key={picture.full}>
              <a href={fileUrl(picture.full)} target="_blank" rel="noopener" className="block">
                <img
                  src={fileUrl(media.pictures.length === 1 ? picture.full : picture.small)}
                  alt={t('post.pictureNumber', { number: index + 1 })}
                  loading="lazy"
                  className={`w-full rounded-md object-cover ${media.pictures.length === 1 ? 'max-h-[32rem]' : 'aspect-square'}`}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {media.video ? (
        <div className="px-4 pt-2">
          <video src={fileUrl(media.video.src)} poster={media.video.poster ? fileUrl(media.video.poster) : undefined} controls preload="none" className="max-h-[32rem] w-full rounded-md bg-black" data-testid="post-video" />
        </div>
      ) : null}
      <div className="px-4 pt-2 pb-3">
        <PostTagLink post={post} />
      </div>
    </article>
  );
}

/**
 * The post a page shows: the server's, else the browser's read of it, and whatever a like, a
 * save or a comment changed since (kept per post and reader, so another post starts from its own).
 */
function usePost(postId: number, initial: CommunityPost | null) {
  const user = useCurrentUser();
  const key = `${postId}:${user?.id ?? ''}`;
  const server = initial !== null && initial.id === postId ? initial : null;
  const fetched = useApiData(`community-post:${key}:${server ? 'server' : 'browser'}`, () => (server ? Promise.resolve(server) : communityApi.post(postId)));
  const [changed, setChanged] = useState<{ key: string; base: CommunityPost | null; post: CommunityPost } | null>(null);
  const base = server ?? fetched.data;
  // a change holds while the post it changed is the one shown (a fresh read from the loader replaces it)
  const data = changed !== null && changed.key === key && changed.base === base ? changed.post : base;
  return {
    data,
    error: server ? null : fetched.error,
    reload: fetched.reload,
    update: (change: (post: CommunityPost) => CommunityPost) =>
      setChanged((previous) => {
        const current = previous !== null && previous.key === key && previous.base === base ? previous.post : base;
        return current === null ? previous : { key, base, post: change(current) };
      }),
  };
}

/** postDetail/{id}: one post with its actions and commentList. A post the reader may not see is the not-found page. */
export default function PostDetailRoute() {
  const { t } = useTranslation('community');
  const { postId, post: initial } = useLoaderData<typeof loader>();
  const post = usePost(postId, initial);

  if (post.error && apiErrorDetails(post.error).status === 404) return <PostNotFound />;
  return (
    <div className="mx-auto w-full max-w-3xl sm:my-3">
      <section className="min-w-0 bg-surface sm:rounded-lg sm:border sm:border-line">
        <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2.5">
          <LocalLink to={communityPaths.feed} end className="text-sm font-medium text-muted hover:text-text">
            <span aria-hidden="true">‹</span> {t('feed.back')}
          </LocalLink>
        </div>
        {post.error ? (
          <div className="grid justify-items-start gap-3 px-4 py-4">
            <FormAlert>{apiErrorDetails(post.error).message ?? t('feed.failed')}</FormAlert>
            <button type="button" onClick={post.reload} className={secondaryButtonClass}>
              {t('feed.retry')}
            </button>
          </div>
        ) : post.data === null ? (
          <p className="px-4 py-6 text-muted" role="status">
            {t('feed.loading')}
          </p>
        ) : post.data.status === 'deleted' ? (
          <p className="px-4 py-8 text-center text-muted" data-testid="post-detail" data-status="deleted">
            {t('post.deleted')}
          </p>
        ) : (
          <>
            <PostView post={post.data} />
            <PostActions post={post.data} onChange={(changed) => post.update(() => changed)} />
            <CommentList postId={postId} count={post.data.comment_count} onCountChange={(change) => post.update((p) => ({ ...p, comment_count: Math.max(0, p.comment_count + change) }))} />
          </>
        )}
      </section>
    </div>
  );
}
