import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_TEXT_MAX, type CommunityComment } from '../../../../core/contracts/community';
import { LocalLink } from '../../../components/local-link';
import { FormAlert, inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useAppState } from '../../../lib/app-state';
import { useRequireLogin } from '../../../lib/require-login';
import { useApiData } from '../../../lib/use-api-data';
import { communityApi } from '../community-api';
import { communityPaths } from '../community-paths';
import { plainTextToHtml, threadComments, visibleThreads } from '../post-view';
import { PostTime } from './post-time';
import { ReportDialog } from './report-dialog';
import { richTextClass } from './rich-text';

const actionClass = 'text-xs font-medium text-muted hover:text-text disabled:opacity-60';

/** The box to write a comment or a reply: plain text, sent as paragraphs. */
function CommentForm({ postId, parentId, onPosted, onCancel, autoFocus = false }: { postId: number; parentId: number | null; onPosted: (comment: CommunityComment) => void; onCancel?: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation('community');
  const { isLoggedIn } = useAppState();
  const requireLogin = useRequireLogin();
  const [text, setText] = useState('');
  const [state, setState] = useState<{ sending: boolean; error: string | null }>({ sending: false, error: null });
  const length = text.trim().length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!requireLogin()) return;
    if (length === 0) return setState({ sending: false, error: t('comment.empty') });
    if (length > COMMENT_TEXT_MAX) return setState({ sending: false, error: t('comment.tooLong', { max: COMMENT_TEXT_MAX }) });
    setState({ sending: true, error: null });
    try {
      const comment = await communityApi.comment(postId, { body: plainTextToHtml(text), parent_id: parentId });
      setText('');
      setState({ sending: false, error: null });
      onPosted(comment);
    } catch (error) {
      setState({ sending: false, error: apiErrorDetails(error).message ?? t('comment.failed') });
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-2" data-testid={parentId === null ? 'comment-form' : 'reply-form'}>
      <label className="sr-only" htmlFor={`comment-${postId}-${parentId ?? 'top'}`}>
        {parentId === null ? t('comment.label') : t('comment.replyLabel')}
      </label>
      <textarea
        id={`comment-${postId}-${parentId ?? 'top'}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => {
          if (!isLoggedIn) requireLogin();
        }}
        rows={parentId === null ? 3 : 2}
        placeholder={isLoggedIn ? (parentId === null ? t('comment.placeholder') : t('comment.replyPlaceholder')) : t('messages:auth.loginFirst')}
        className={inputClass}
        autoFocus={autoFocus}
      />
      {state.error ? <FormAlert>{state.error}</FormAlert> : null}
      <div className="flex items-center justify-end gap-2">
        <span className={`me-auto text-xs tabular-nums ${length > COMMENT_TEXT_MAX ? 'text-accent' : 'text-muted'}`}>
          {t('editor.count', { count: length, max: COMMENT_TEXT_MAX })}
        </span>
        {onCancel ? (
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            {t('comment.cancel')}
          </button>
        ) : null}
        <button type="submit" className={primaryButtonClass} disabled={state.sending} data-testid="comment-send">
          {parentId === null ? t('comment.send') : t('comment.reply')}
        </button>
      </div>
    </form>
  );
}

/** One comment: author, time, words, its like, reply, report and (own) delete. */
function CommentItem({ comment, onChange, onReply, reply }: { comment: CommunityComment; onChange: (comment: CommunityComment) => void; onReply: () => void; reply: boolean }) {
  const { t } = useTranslation('community');
  const requireLogin = useRequireLogin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);

  if (comment.status === 'deleted' || comment.author === null) {
    return (
      <p className="py-2 text-sm text-muted italic" data-testid="comment" data-status="deleted">
        {t('comment.deleted')}
      </p>
    );
  }

  async function act(run: () => Promise<void>) {
    if (!requireLogin()) return;
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('comment.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="py-2" data-testid="comment" data-comment-id={comment.id}>
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <LocalLink to={communityPaths.user(comment.author.id)} className="font-semibold hover:underline">
          {comment.author.nickname}
        </LocalLink>
        <span className="text-xs text-muted">
          <PostTime at={comment.created_at} />
        </span>
      </div>
      <div className={`mt-0.5 text-sm ${richTextClass}`} dangerouslySetInnerHTML={{ __html: comment.body_html ?? '' }} />
      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1">
        <button
          type="button"
          className={`${actionClass} ${comment.liked ? 'text-accent' : ''}`}
          aria-pressed={comment.liked}
          disabled={busy}
          data-testid="comment-like"
          onClick={() =>
            void act(async () => {
              const liked = await communityApi.likeComment(comment.id, !comment.liked);
              onChange({ ...comment, liked: liked.liked, like_count: liked.like_count });
            })
          }
        >
          {comment.liked ? '♥' : '♡'} {t('comment.likes', { count: comment.like_count })}
        </button>
        <button type="button" className={actionClass} data-testid="comment-reply" onClick={() => requireLogin() && onReply()} aria-expanded={reply}>
          {t('comment.reply')}
        </button>
        {comment.is_own ? (
          <button
            type="button"
            className={actionClass}
            disabled={busy}
            data-testid="comment-delete"
            onClick={() => {
              if (!window.confirm(t('comment.deleteConfirm'))) return;
              void act(async () => onChange(await communityApi.removeComment(comment.id)));
            }}
          >
            {t('comment.delete')}
          </button>
        ) : (
          <button type="button" className={actionClass} onClick={() => requireLogin() && setReporting(true)}>
            {t('report.action')}
          </button>
        )}
      </div>
      {error ? (
        <div className="mt-1">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      {reporting ? <ReportDialog target={{ target_type: 'comment', target_id: comment.id }} onClose={() => setReporting(false)} /> : null}
    </div>
  );
}

/** commentList (section 2): a post's comments with one level of replies, newest thread last, and the box to add one. */
export function CommentList({ postId, count, onCountChange }: { postId: number; count: number; onCountChange: (change: number) => void }) {
  const { t } = useTranslation('community');
  const { isLoggedIn } = useAppState();
  const comments = useApiData(`community-comments:${postId}:${isLoggedIn ? 'in' : 'out'}`, () => communityApi.comments(postId));
  const [more, setMore] = useState<{ list: CommunityComment[]; cursor: string | null } | null>(null);
  const [replyTo, setReplyTo] = useState<number | null>(null);

  const all = [...(comments.data?.list ?? []), ...(more?.list ?? [])];
  const cursor = more ? more.cursor : (comments.data?.next_cursor ?? null);
  const threads = visibleThreads(threadComments(all));

  function replace(changed: CommunityComment) {
    const swap = (list: CommunityComment[]) => list.map((c) => (c.id === changed.id ? changed : c));
    comments.update((data) => ({ ...data, list: swap(data.list) }));
    setMore((m) => (m ? { ...m, list: swap(m.list) } : m));
    if (changed.status === 'deleted') onCountChange(-1);
  }
  function added(comment: CommunityComment) {
    if (cursor === null || comment.parent_id !== null) comments.update((data) => ({ ...data, list: [...data.list, comment] }));
    onCountChange(1);
    setReplyTo(null);
  }

  return (
    <section className="border-t border-line px-4 py-4" aria-labelledby="comments-title" data-testid="comment-list">
      <h2 id="comments-title" className="mb-3 font-semibold">
        {t('comment.title', { count })}
      </h2>
      <CommentForm postId={postId} parentId={null} onPosted={added} />
      {comments.error ? (
        <div className="mt-3">
          <FormAlert>{apiErrorDetails(comments.error).message ?? t('comment.loadFailed')}</FormAlert>
        </div>
      ) : comments.data === null ? (
        <p className="mt-3 text-sm text-muted" role="status">
          {t('feed.loading')}
        </p>
      ) : threads.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('comment.none')}</p>
      ) : (
        <ol className="mt-3 divide-y divide-line">
          {threads.map((thread) => (
            <li key={thread.comment.id} className="py-1">
              <CommentItem comment={thread.comment} onChange={replace} onReply={() => setReplyTo(thread.comment.id)} reply={replyTo === thread.comment.id} />
              {thread.replies.length > 0 || replyTo === thread.comment.id ? (
                <div className="ms-4 border-s-2 border-line ps-3">
                  {thread.replies.map((reply) => (
                    <CommentItem key={reply.id} comment={reply} onChange={replace} onReply={() => setReplyTo(thread.comment.id)} reply={replyTo === thread.comment.id} />
                  ))}
                  {replyTo === thread.comment.id ? <CommentForm postId={postId} parentId={thread.comment.id} onPosted={added} onCancel={() => setReplyTo(null)} autoFocus /> : null}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {cursor !== null ? (
        <div className="mt-3 flex justify-center">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() =>
              void communityApi.comments(postId, { cursor }).then(
                (page) => setMore((m) => ({ list: [...(m?.list ?? []), ...page.list], cursor: page.next_cursor })),
                () => undefined,
              )
            }
          >
            {t('comment.more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
