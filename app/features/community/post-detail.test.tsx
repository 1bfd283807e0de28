import { describe, expect, it } from 'vitest';
import { ServerUserContext } from '../../lib/app-state';
import { render, text } from '../../test-support/render';
import { makeUserInfo } from '../../test-support/user-info';
import { CommentList } from './components/comment-list';
import { ReportDialog } from './components/report-dialog';
import { PostView } from './routes/post-detail';
import { makePost } from './test-support/fixtures';

const NOW = Date.parse('2026-11-28T14:00:00.000Z') / 1000;

describe('the post detail', () => {
  it('shows the sanitised words, every picture at its large width, a video with its poster and the tag', () => {
    const html = render(
      <PostView
        post={makePost({
          files: [
            { kind: 'image', keys: ['public/a/w1280.webp', 'public/a/w320.webp'] },
            { kind: 'image', keys: ['public/b/w1280.webp', 'public/b/w320.webp'] },
          ],
          tag: { type: 'match', id: 77 },
        })}
      />,
      { nowSec: NOW },
    );
    expect(html).toContain('<p>What a <strong>derby</strong>!</p>');
    expect(html).toContain('href="/files/public/a/w1280.webp"');
    expect(html).toContain('src="/files/public/b/w320.webp"');
    expect(html).toContain('href="/en/football/Details/77"');
    expect(text(html)).toContain('2 hours ago');
    const video = render(<PostView post={makePost({ files: [{ kind: 'video', keys: ['public/v/video.mp4', 'public/v/poster.webp'] }] })} />, { nowSec: NOW });
    expect(video).toContain('src="/files/public/v/video.mp4"');
    expect(video).toContain('poster="/files/public/v/poster.webp"');
  });

  it('tells its author plainly that it waits for review, or why staff hid it', () => {
    expect(text(render(<PostView post={makePost({ status: 'pending_review', is_own: true })} />, { nowSec: NOW }))).toContain('Your post is waiting for review');
    const hidden = text(render(<PostView post={makePost({ status: 'hidden', is_own: true, hidden_reason: 'off_topic' })} />, { nowSec: NOW, locale: 'tr' }));
    expect(hidden).toContain('Gönderiniz gizlendi');
    expect(hidden).toContain('Gerekçe: futbol ya da basketbolla ilgisiz içerik.');
  });

  it('asks a signed-out reader to log in before commenting', () => {
    const html = render(
      <ServerUserContext.Provider value={null}>
        <CommentList postId={31} count={2} onCountChange={() => undefined} />
      </ServerUserContext.Provider>,
      { nowSec: NOW },
    );
    expect(html).toContain('placeholder="Please log in first"');
    expect(text(html)).toContain('2 comments');
    const signedIn = render(
      <ServerUserContext.Provider value={makeUserInfo({ id: 7 })}>
        <CommentList postId={31} count={1} onCountChange={() => undefined} />
      </ServerUserContext.Provider>,
      { nowSec: NOW, locale: 'zh' },
    );
    expect(signedIn).toContain('placeholder="写评论…"');
    expect(text(signedIn)).toContain('1 条评论');
  });

  it('offers the six report reasons in the reader’s language', () => {
    const html = render(<ReportDialog target={{ target_type: 'post', target_id: 31 }} onClose={() => undefined} />, { locale: 'en' });
    for (const reason of ['Advertising or spam', 'Insults, hate speech or harassment', 'Someone else’s personal data', 'Not about football or basketball', 'Illegal content', 'Something else']) {
      expect(text(html)).toContain(reason);
    }
    expect(text(render(<ReportDialog target={{ target_type: 'comment', target_id: 3 }} onClose={() => undefined} />, { locale: 'zh' }))).toContain('举报该评论');
  });
});
