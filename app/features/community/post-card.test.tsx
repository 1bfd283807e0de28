import { describe, expect, it } from 'vitest';
import { render, text } from '../../test-support/render';
import { PostCard } from './components/post-card';
import { makePost } from './test-support/fixtures';

const NOW = Date.parse('2026-11-28T12:10:00.000Z') / 1000;

describe('PostCard', () => {
  it('shows the author with a link to their page, the relative time, the first words, counts and the link to the post', () => {
    const html = render(<PostCard post={makePost({ like_count: 1, comment_count: 5 })} />, { nowSec: NOW, path: '/community/community' });
    const visible = text(html);
    expect(html).toContain('href="/en/community/community/userCenter/42"');
    expect(html).toContain('href="/en/community/community/postDetail/31"');
    expect(visible).toContain('Aslan');
    expect(visible).toContain('10 minutes ago');
    expect(visible).toContain('What a derby!');
    expect(visible).toContain('1 like');
    expect(visible).toContain('5 comments');
    expect(html).toContain('dateTime="2026-11-28T12:00:00.000Z"');
  });

  it('says "just now" under five minutes (section 9)', () => {
    expect(text(render(<PostCard post={makePost()} />, { nowSec: Date.parse('2026-11-28T12:04:00.000Z') / 1000 }))).toContain('just now');
  });

  it('shows the first picture at its small width from the public files address, and the tag as a link', () => {
    const post = makePost({
      files: [{ kind: 'image', keys: ['public/abc/w1280.webp', 'public/abc/w320.webp'] }, { kind: 'image', keys: ['public/def/w1280.webp'] }],
      tag: { type: 'team', id: 9 },
    });
    const html = render(<PostCard post={post} />, { nowSec: NOW });
    expect(html).toContain('src="/files/public/abc/w320.webp"');
    expect(html).not.toContain('public/def');
    expect(html).toContain('href="/en/team/9"');
    expect(text(html)).toContain('#Team 9');
  });

  it('a deleted post is its placeholder, without author or words', () => {
    const html = render(<PostCard post={makePost({ status: 'deleted', author: null, body_html: null, excerpt: null })} />, { nowSec: NOW });
    expect(text(html)).toBe('This post has been deleted');
    expect(html).not.toContain('Aslan');
  });

  it('shows its rank in a ranked list, and speaks Turkish and Chinese', () => {
    expect(text(render(<PostCard post={makePost()} rank={2} />, { nowSec: NOW }))).toMatch(/^2/);
    const tr = text(render(<PostCard post={makePost({ comment_count: 1 })} />, { nowSec: NOW, locale: 'tr' }));
    expect(tr).toContain('10 dakika önce');
    expect(tr).toContain('3 beğeni');
    expect(tr).toContain('1 yorum');
    const zh = text(render(<PostCard post={makePost()} />, { nowSec: NOW, locale: 'zh' }));
    expect(zh).toContain('10分钟前');
    expect(zh).toContain('3 个赞');
  });
});
