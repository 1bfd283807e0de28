import type { CommunityComment, CommunityPost } from '../../../../core/contracts/community';

export function makePost(change: Partial<CommunityPost> = {}): CommunityPost {
  return {
    id: 31,
    status: 'published',
    sport: 'football',
    author: { id: 42, nickname: 'Aslan' },
    body_html: '<p>What a <strong>derby</strong>!</p>',
    excerpt: 'What a derby!',
    tag: null,
    files: [],
    like_count: 3,
    comment_count: 2,
    liked: false,
    favourited: false,
    is_own: false,
    hidden_reason: null,
    created_at: '2026-11-28T12:00:00.000Z',
    edited_at: null,
    editable_until: null,
    ...change,
  };
}

export function makeComment(change: Partial<CommunityComment> = {}): CommunityComment {
  return {
    id: 1,
    post_id: 31,
    parent_id: null,
    status: 'published',
    author: { id: 43, nickname: 'Kanarya' },
    body_html: '<p>Indeed</p>',
    like_count: 0,
    liked: false,
    is_own: false,
    created_at: '2026-11-28T12:05:00.000Z',
    ...change,
  };
}
