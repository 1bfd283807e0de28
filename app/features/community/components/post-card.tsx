import { useTranslation } from 'react-i18next';
import type { CommunityPost } from '../../../../core/contracts/community';
import { LocalLink } from '../../../components/local-link';
import { communityPaths, fileUrl, previewKeyOf, tagPath } from '../community-paths';
import { PostTime } from './post-time';

/** A post's tag as a link to its match, team or competition. */
export function PostTagLink({ post }: { post: CommunityPost }) {
  const { t } = useTranslation('community');
  if (!post.tag) return null;
  return (
    <LocalLink
      to={tagPath(post.tag, post.sport)}
      className="inline-flex items-center rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-muted hover:text-text"
      data-testid="post-tag"
    >
      #{t(`feed.tag.${post.tag.type}`, { id: post.tag.id })}
    </LocalLink>
  );
}

/**
 * A post in a list (feed, hot list, a fan's posts, saved posts): its author with a link to their
 * page, when it was written, the first words, the first picture (or a video's poster), like and
 * comment counts and its tag. A deleted post (only in saved posts) is its placeholder.
 */
export function PostCard({ post, rank }: { post: CommunityPost; rank?: number }) {
  const { t } = useTranslation('community');
  if (post.status === 'deleted' || post.author === null) {
    return (
      <article className="rounded-lg border border-dashed border-line px-4 py-4 text-sm text-muted" data-testid="post-card" data-post-id={post.id} data-status="deleted">
        {t('post.deleted')}
      </article>
    );
  }
  const first = post.files[0];
  const preview = first ? previewKeyOf(first.keys) : null;
  const href = communityPaths.post(post.id);
  return (
    <article className="relative flex gap-3 border-b border-line px-4 py-3 last:border-b-0 sm:rounded-lg sm:border" data-testid="post-card" data-post-id={post.id} data-status={post.status}>
      {rank !== undefined ? (
        <span className="mt-0.5 w-6 shrink-0 text-center text-lg font-bold text-accent tabular-nums" aria-label={t('hot.rank', { rank })}>
          {rank}
        </span>
      ) : null}
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <LocalLink to={communityPaths.user(post.author.id)} className="relative z-10 font-semibold hover:underline" data-testid="post-author">
            {post.author.nickname}
          </LocalLink>
          <span className="text-xs text-muted">
            <PostTime at={post.created_at} />
          </span>
          {post.status === 'pending_review' ? <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">{t('post.pendingBadge')}</span> : null}
          {post.status === 'hidden' ? <span className="rounded bg-surface-muted px-1.5 text-xs text-muted">{t('post.hiddenBadge')}</span> : null}
        </header>
        <LocalLink to={href} className="mt-1 block break-words text-[15px] leading-snug after:absolute after:inset-0" data-testid="post-link">
          {post.excerpt && post.excerpt.trim() !== '' ? post.excerpt : t('post.noText')}
        </LocalLink>
        {preview ? (
          <div className="mt-2 w-fit">
            <img src={fileUrl(preview)} alt={t('post.pictureAlt', { nickname: post.author.nickname })} loading="lazy" className="max-h-48 max-w-full rounded-md object-cover" data-testid="post-card-picture" />
            {first?.kind === 'video' ? <span className="mt-1 block text-xs text-muted">{t('post.video')}</span> : null}
          </div>
        ) : null}
        <footer className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
          <span data-testid="post-like-count">{t('post.likes', { count: post.like_count })}</span>
          <span data-testid="post-comment-count">{t('post.comments', { count: post.comment_count })}</span>
          <span className="relative z-10">
            <PostTagLink post={post} />
          </span>
        </footer>
      </div>
    </article>
  );
}
