import type { CommunityComment, CommunityPost } from '../../../core/contracts/community';

export interface CommentThread {
  comment: CommunityComment;
  replies: CommunityComment[];
}

/**
 * Comments as threads of one level: each top-level comment with its replies in order. A reply
 * whose parent is not in the list (on a later page) starts its own thread rather than vanishing.
 */
export function threadComments(list: readonly CommunityComment[]): CommentThread[] {
  const threads: CommentThread[] = [];
  const byId = new Map<number, CommentThread>();
  for (const comment of list) {
    const parent = comment.parent_id === null ? undefined : byId.get(comment.parent_id);
    if (parent) {
      parent.replies.push(comment);
    } else {
      const thread = { comment, replies: [] };
      threads.push(thread);
      byId.set(comment.id, thread);
    }
  }
  return threads;
}

/** A thread whose top comment was deleted and has no replies left is not shown at all. */
export function visibleThreads(threads: readonly CommentThread[]): CommentThread[] {
  return threads.filter((thread) => thread.comment.status !== 'deleted' || thread.replies.some((reply) => reply.status !== 'deleted'));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A comment typed as plain text, sent as the HTML the API takes: one paragraph per block of lines, line breaks kept. */
export function plainTextToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${block.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Whether the reader may still edit the post (its author, within the window the server named). */
export function canEdit(post: CommunityPost, nowMs: number): boolean {
  return post.is_own && post.status !== 'deleted' && post.editable_until !== null && Date.parse(post.editable_until) > nowMs;
}

/** Minutes left of the edit window, rounded up (for "you can edit for 12 more minutes"). */
export function editMinutesLeft(post: CommunityPost, nowMs: number): number {
  if (post.editable_until === null) return 0;
  return Math.max(0, Math.ceil((Date.parse(post.editable_until) - nowMs) / 60_000));
}

/** A post's pictures at their large width (or their only key), and its video with its poster. */
export function mediaOf(post: CommunityPost): { pictures: { full: string; small: string }[]; video: { src: string; poster: string | null } | null } {
  const pictures: { full: string; small: string }[] = [];
  let video: { src: string; poster: string | null } | null = null;
  for (const file of post.files) {
    if (file.kind === 'video') {
      const src = file.keys.find((key) => /\/video\.[a-z0-9]+$/.test(key)) ?? file.keys.find((key) => !/\.(webp|png|jpe?g|gif)$/i.test(key));
      if (src) video = { src, poster: file.keys.find((key) => /\/poster\.[a-z0-9]+$/.test(key)) ?? null };
    } else {
      const full = file.keys.find((key) => /\/w1280\.[a-z0-9]+$/.test(key)) ?? file.keys[0];
      const small = file.keys.find((key) => /\/w320\.[a-z0-9]+$/.test(key)) ?? full;
      if (full && small) pictures.push({ full, small });
    }
  }
  return { pictures, video };
}

/** The address of the page a post can be shared by: absolute, in the reader's language. */
export function postShareUrl(origin: string, localizedPath: string): string {
  return new URL(localizedPath, origin).toString();
}
