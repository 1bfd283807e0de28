import { describe, expect, it } from 'vitest';
import { checkChosenFiles, checkPost, kindOfFile, parseTag } from './editor-form';
import { appendPage, feedHref, parseFeedQuery } from './feed-query';
import { fileUrl, previewKeyOf, tagPath } from './community-paths';
import { canEdit, editMinutesLeft, mediaOf, plainTextToHtml, threadComments, visibleThreads } from './post-view';
import { makeComment, makePost } from './test-support/fixtures';

const MB = 1024 * 1024;
const picture = (size = MB) => ({ type: 'image/jpeg', name: 'a.jpg', size });
const video = (size = MB) => ({ type: 'video/mp4', name: 'a.mp4', size });

describe('the feed address', () => {
  it('reads tab and sport, and falls back to latest and all for anything else', () => {
    expect(parseFeedQuery(new URLSearchParams('tab=following&sport=basketball'))).toEqual({ tab: 'following', sport: 'basketball' });
    expect(parseFeedQuery(new URLSearchParams('tab=<script>&sport=cricket'))).toEqual({ tab: 'latest', sport: null });
  });
  it('writes the defaults out', () => {
    expect(feedHref('/c', { tab: 'latest', sport: null })).toBe('/c');
    expect(feedHref('/c', { tab: 'hot', sport: 'football' })).toBe('/c?tab=hot&sport=football');
  });
  it('appends a page without repeating a post already shown', () => {
    expect(appendPage([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }]).map((p) => p.id)).toEqual([1, 2, 3]);
  });
});

describe('files and tags', () => {
  it('serves keys from /files and picks the small picture or a poster to preview', () => {
    expect(fileUrl('public/ab_c/w320.webp')).toBe('/files/public/ab_c/w320.webp');
    expect(previewKeyOf(['public/a/w1280.webp', 'public/a/w320.webp'])).toBe('public/a/w320.webp');
    expect(previewKeyOf(['public/v/video.mp4', 'public/v/poster.webp'])).toBe('public/v/poster.webp');
    expect(previewKeyOf(['public/v/video.mp4'])).toBeNull();
  });
  it('links a tag to its match, team or competition', () => {
    expect(tagPath({ type: 'match', id: 5 }, 'basketball')).toBe('/basketball/Details/5');
    expect(tagPath({ type: 'competition', id: 7 }, 'football')).toBe('/competition/7');
  });
  it('splits a post into large pictures and a video with its poster', () => {
    const media = mediaOf(makePost({ files: [{ kind: 'image', keys: ['public/a/w1280.webp', 'public/a/w320.webp'] }, { kind: 'video', keys: ['public/v/video.mp4', 'public/v/poster.webp'] }] }));
    expect(media.pictures).toEqual([{ full: 'public/a/w1280.webp', small: 'public/a/w320.webp' }]);
    expect(media.video).toEqual({ src: 'public/v/video.mp4', poster: 'public/v/poster.webp' });
  });
});

describe('comments', () => {
  it('threads replies under their comment, one level, and keeps an orphan reply visible', () => {
    const threads = threadComments([makeComment({ id: 1 }), makeComment({ id: 2 }), makeComment({ id: 3, parent_id: 1 }), makeComment({ id: 4, parent_id: 99 })]);
    expect(threads.map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([[1, [3]], [2, []], [4, []]]);
  });
  it('drops a deleted comment without replies, keeps one whose replies remain', () => {
    const deleted = { status: 'deleted' as const, author: null, body_html: null };
    const threads = threadComments([makeComment({ id: 1, ...deleted }), makeComment({ id: 2, ...deleted }), makeComment({ id: 3, parent_id: 2 })]);
    expect(visibleThreads(threads).map((t) => t.comment.id)).toEqual([2]);
  });
  it('sends plain text as escaped paragraphs', () => {
    expect(plainTextToHtml('  <b>hi</b> & "you"\nnext\n\n\nsecond  ')).toBe('<p>&lt;b&gt;hi&lt;/b&gt; &amp; &quot;you&quot;<br>next</p><p>second</p>');
    expect(plainTextToHtml('   ')).toBe('');
  });
});

describe('the edit window', () => {
  const now = Date.parse('2026-11-28T12:10:00.000Z');
  it('is open to the author until the time the server named', () => {
    const own = makePost({ is_own: true, editable_until: '2026-11-28T12:20:30.000Z' });
    expect(canEdit(own, now)).toBe(true);
    expect(editMinutesLeft(own, now)).toBe(11);
    expect(canEdit(own, Date.parse('2026-11-28T12:21:00.000Z'))).toBe(false);
    expect(canEdit(makePost({ is_own: false, editable_until: '2026-11-28T12:20:00.000Z' }), now)).toBe(false);
    expect(canEdit(makePost({ is_own: true, editable_until: null }), now)).toBe(false);
  });
});

describe('the editor’s checks', () => {
  it('asks for a picture or video before uploading, and knows their kinds', () => {
    expect(checkChosenFiles([], [])).toEqual({ key: 'editor.media.required' });
    expect(kindOfFile({ type: '', name: 'clip.MOV' })).toBe('video');
    expect(checkChosenFiles([{ type: 'application/pdf', name: 'a.pdf', size: 1 }], [])).toEqual({ key: 'editor.media.type' });
  });
  it('takes up to nine pictures, or one video alone', () => {
    expect(checkChosenFiles(Array.from({ length: 9 }, () => picture()), [])).toBeNull();
    expect(checkChosenFiles([picture()], Array.from({ length: 9 }, () => ({ kind: 'image' as const, state: 'done' as const })))).toEqual({ key: 'editor.media.tooMany', values: { max: 9 } });
    expect(checkChosenFiles([picture()], [{ kind: 'image', state: 'failed' }])).toBeNull();
    expect(checkChosenFiles([video()], [{ kind: 'image', state: 'done' }])).toEqual({ key: 'editor.media.oneVideo' });
    expect(checkChosenFiles([video(), video()], [])).toEqual({ key: 'editor.media.oneVideo' });
  });
  it('refuses a file over its size', () => {
    expect(checkChosenFiles([picture(11 * MB)], [])).toEqual({ key: 'editor.media.tooLarge', values: { max: 10 } });
    expect(checkChosenFiles([video(49 * MB)], [])).toBeNull();
    expect(checkChosenFiles([video(51 * MB)], [])).toEqual({ key: 'editor.media.tooLarge', values: { max: 50 } });
  });
  it('sends a post with words or files, within the limit, after its uploads', () => {
    expect(checkPost({ textLength: 0, media: [] })).toEqual({ key: 'editor.empty' });
    expect(checkPost({ textLength: 0, media: [{ state: 'done' }] })).toBeNull();
    expect(checkPost({ textLength: 5, media: [{ state: 'uploading' }] })).toEqual({ key: 'editor.media.wait' });
    expect(checkPost({ textLength: 5001, media: [] })).toEqual({ key: 'editor.tooLong', values: { max: 5000 } });
  });
  it('reads the optional tag', () => {
    expect(parseTag('', '')).toEqual({ tag: null, problem: null });
    expect(parseTag('match', '12')).toEqual({ tag: { type: 'match', id: 12 }, problem: null });
    expect(parseTag('team', '-1').problem).toEqual({ key: 'editor.tag.invalid' });
    expect(parseTag('team', '99999999999').problem).toEqual({ key: 'editor.tag.invalid' });
  });
});
