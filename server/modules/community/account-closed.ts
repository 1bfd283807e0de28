import { sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import { communityCommentLikes, communityComments, communityFavourites, communityPostLikes, communityPosts, communityPostWeekLikes } from './schema';

/**
 * Erases what a closed account wrote and kept in the community (`account.closed`, in the event's
 * delivery transaction): its posts and comments become deleted placeholders without words
 * (`status_reason` / deletion by `account_closed`), its likes go with the counts they made, and
 * its saved posts go. Other fans' comments under its posts stay with the deleted post, as after
 * any deletion. A second delivery finds nothing left to change.
 */
export async function eraseClosedAccountCommunity(tx: DbTransaction, options: { userId: number; now: Date }): Promise<void> {
  const { userId, now } = options;
  const at = now.toISOString();
  await tx.execute(sql`
    update ${communityPosts}
    set status = 'deleted', status_reason = 'account_closed', deleted_at = coalesce(deleted_at, ${at}::timestamptz), body_html = '', body_text = ''
    where author_id = ${userId} and (status <> 'deleted' or body_text <> '')`);
  // A published comment leaves its post's count, as when its author deletes it.
  await tx.execute(sql`
    with erased as (
      update ${communityComments} c
      set status = 'deleted', deleted_at = coalesce(c.deleted_at, ${at}::timestamptz), body_html = '', body_text = ''
      from (select id, status as was from ${communityComments} where author_id = ${userId} and (status <> 'deleted' or body_text <> '') for update) old
      where c.id = old.id
      returning c.post_id, old.was
    ), counted as (select post_id, count(*)::int as n from erased where was = 'published' group by post_id)
    update ${communityPosts} p set comment_count = greatest(p.comment_count - counted.n, 0) from counted where p.id = counted.post_id`);
  // Its likes leave the posts' counts and the weekly ranking's count of the week each was given in.
  await tx.execute(sql`
    with gone as (delete from ${communityPostLikes} where user_id = ${userId} returning post_id, created_at),
    counted as (update ${communityPosts} p set like_count = greatest(p.like_count - 1, 0) from gone where p.id = gone.post_id returning p.id)
    update ${communityPostWeekLikes} w set likes = greatest(w.likes - 1, 0)
    from gone
    where w.post_id = gone.post_id and w.week_start = date_trunc('week', gone.created_at at time zone 'UTC')::date`);
  await tx.execute(sql`
    with gone as (delete from ${communityCommentLikes} where user_id = ${userId} returning comment_id)
    update ${communityComments} c set like_count = greatest(c.like_count - 1, 0) from gone where c.id = gone.comment_id`);
  await tx.delete(communityFavourites).where(sql`${communityFavourites.userId} = ${userId}`);
}
