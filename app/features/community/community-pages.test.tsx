import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CommunityPost, PostListData, WeeklyData } from '../../../core/contracts/community';
import type { CommunityReadServices } from '../../../core/contracts/services';
import { getI18n } from '../../i18n/i18n';
import { ServerUserContext } from '../../lib/app-state';
import { ServerNowContext } from '../../lib/use-clock';
import { text } from '../../test-support/render';
import { makeUserInfo } from '../../test-support/user-info';
import CommunityFeedRoute, { loader as feedLoader } from './routes/community';
import HotListRoute, { loader as hotLoader } from './routes/hot-list';
import PostDetailRoute, { loader as postLoader } from './routes/post-detail';
import { makePost } from './test-support/fixtures';

const NOW = Date.parse('2026-11-28T14:00:00.000Z') / 1000;
const page = (...posts: CommunityPost[]): PostListData => ({ list: posts, next_cursor: posts.length > 0 ? String(posts.at(-1)!.id) : null });

/** Fake page reads that answer fixed lists and note what the loaders asked. */
function fakeReads(posts: Record<number, CommunityPost | null> = {}) {
  const asked: string[] = [];
  const reads: CommunityReadServices = {
    latest: async ({ sport, readerId }) => (asked.push(`latest:${sport ?? ''}:${readerId ?? ''}`), page(makePost({ id: 9, excerpt: 'Latest derby talk' }), makePost({ id: 8, excerpt: 'Second latest' }))),
    following: async ({ sport, readerId }) => (asked.push(`following:${sport ?? ''}:${readerId}`), page(makePost({ id: 7, excerpt: 'From a followed fan' }))),
    hot: async ({ sport, readerId }) => (asked.push(`hot:${sport ?? ''}:${readerId ?? ''}`), page(makePost({ id: 5, excerpt: 'The hottest take' }))),
    weekly: async ({ sport, readerId }): Promise<WeeklyData> => (
      asked.push(`weekly:${sport ?? ''}:${readerId ?? ''}`),
      { week_start: '2026-11-23T00:00:00.000Z', list: [{ rank: 1, likes_in_week: 12, post: makePost({ id: 4, excerpt: 'Week’s favourite' }) }] }
    ),
    post: async ({ id, readerId }) => (asked.push(`post:${id}:${readerId ?? ''}`), posts[id] ?? null),
  };
  return { reads, asked };
}

/** Runs a loader the way the router does, answering its data or the status it threw. */
async function runLoader<T>(loader: (args: never) => Promise<T>, options: { url: string; params?: Record<string, string>; readerId?: number | null; community?: CommunityReadServices }) {
  const currentUser = options.readerId ? makeUserInfo({ id: options.readerId }) : null;
  try {
    const data = await loader({ request: new Request(`https://tribun.test${options.url}`), params: options.params ?? {}, context: { currentUser, community: options.community } } as never);
    return { status: 200, data };
  } catch (thrown) {
    return { status: (thrown as { init?: { status?: number } }).init?.status ?? 0, data: null };
  }
}

/** The page's HTML as the server sends it, from the loader's data. */
function renderPage(Component: () => React.ReactNode, options: { path: string; url: string; data: unknown; readerId?: number | null }) {
  const Stub = createRoutesStub([{ id: 'page', path: options.path, Component, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n('en')}>
      <ServerNowContext value={NOW}>
        <ServerUserContext.Provider value={options.readerId ? makeUserInfo({ id: options.readerId }) : null}>
          <Stub initialEntries={[options.url]} hydrationData={{ loaderData: { page: options.data } }} />
        </ServerUserContext.Provider>
      </ServerNowContext>
    </I18nextProvider>,
  );
}

describe('the feed rendered on the server', () => {
  it('puts the latest tab’s first page, with its "load more", into the page’s HTML', async () => {
    const { reads, asked } = fakeReads();
    const loaded = await runLoader(feedLoader, { url: '/en/community/community?sport=football', readerId: 7, community: reads });
    expect(asked).toEqual(['latest:football:7']);
    const html = renderPage(CommunityFeedRoute, { path: '/en/community/community', url: '/en/community/community?sport=football', data: loaded.data, readerId: 7 });
    expect(text(html)).toContain('Latest derby talk');
    expect(text(html)).toContain('Second latest');
    expect(html).toContain('data-testid="feed-more"');
    expect(html).not.toContain('role="status"');
  });

  it('reads the hot tab from the hot list and the following tab for a signed-in reader', async () => {
    const { reads, asked } = fakeReads();
    const hot = await runLoader(feedLoader, { url: '/en/community/community?tab=hot', community: reads });
    expect(text(renderPage(CommunityFeedRoute, { path: '/en/community/community', url: '/en/community/community?tab=hot', data: hot.data }))).toContain('The hottest take');
    const following = await runLoader(feedLoader, { url: '/en/community/community?tab=following&sport=basketball', readerId: 7, community: reads });
    expect(asked).toEqual(['hot::', 'following:basketball:7']);
    expect(text(renderPage(CommunityFeedRoute, { path: '/en/community/community', url: '/en/community/community?tab=following', data: following.data, readerId: 7 }))).toContain('From a followed fan');
  });

  it('shows a signed-out reader’s following tab as the login prompt, reading no list', async () => {
    const { reads, asked } = fakeReads();
    const loaded = await runLoader(feedLoader, { url: '/en/community/community?tab=following', community: reads });
    expect(loaded.status).toBe(200);
    expect(asked).toEqual([]);
    const html = text(renderPage(CommunityFeedRoute, { path: '/en/community/community', url: '/en/community/community?tab=following', data: loaded.data }));
    expect(html).toContain('Log in to see the posts of the fans and tipsters you follow.');
    expect(html).not.toContain('Latest derby talk');
  });

  it('leaves the list to the browser where the server has no community read', async () => {
    const loaded = await runLoader(feedLoader, { url: '/en/community/community' });
    expect(loaded.data).toMatchObject({ tab: 'latest', sport: null, first: null });
    expect(renderPage(CommunityFeedRoute, { path: '/en/community/community', url: '/en/community/community', data: loaded.data })).toContain('role="status"');
  });
});

describe('the hot list rendered on the server', () => {
  it('puts the hot list and the weekly ranking into the page’s HTML', async () => {
    const { reads, asked } = fakeReads();
    const loaded = await runLoader(hotLoader, { url: '/en/community/pageLayout/hotList?sport=basketball', readerId: 3, community: reads });
    expect(asked).toEqual(['hot:basketball:3', 'weekly:basketball:3']);
    const html = text(renderPage(HotListRoute, { path: '/en/community/pageLayout/hotList', url: '/en/community/pageLayout/hotList?sport=basketball', data: loaded.data, readerId: 3 }));
    expect(html).toContain('The hottest take');
    expect(html).toContain('Week’s favourite');
    expect(html).toContain('12 likes this week');
  });
});

describe('the post rendered on the server', () => {
  it('puts the post’s words into the page’s HTML', async () => {
    const { reads, asked } = fakeReads({ 31: makePost({ id: 31 }) });
    const loaded = await runLoader(postLoader, { url: '/en/community/postDetail/31', params: { id: '31' }, readerId: 7, community: reads });
    expect(asked).toEqual(['post:31:7']);
    const html = renderPage(PostDetailRoute, { path: '/en/community/postDetail/:id', url: '/en/community/postDetail/31', data: loaded.data, readerId: 7 });
    expect(html).toContain('<p>What a <strong>derby</strong>!</p>');
    expect(html).toContain('data-testid="post-like"');
  });

  it('answers HTTP 404 for a post missing to the reader, as for an address that names no post', async () => {
    const { reads } = fakeReads({ 31: makePost({ id: 31 }) });
    expect((await runLoader(postLoader, { url: '/en/community/postDetail/32', params: { id: '32' }, community: reads })).status).toBe(404);
    expect((await runLoader(postLoader, { url: '/en/community/postDetail/abc', params: { id: 'abc' }, community: reads })).status).toBe(404);
    expect((await runLoader(postLoader, { url: '/en/community/postDetail/31', params: { id: '31' }, community: reads })).status).toBe(200);
  });
});
