import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BloggerProfile } from '../../../core/contracts/bloggers';
import type { Locale } from '../../../core/locale';
import { getI18n } from '../../i18n/i18n';
import { ServerUserContext } from '../../lib/app-state';
import { render, text } from '../../test-support/render';
import { makeUserInfo } from '../../test-support/user-info';
import { afterFollow, appendPage, bloggerPaths, followTypeOf, tabOf, tabsFor, userIdOf } from './components/blogger-view';
import { PlanPostLink } from './components/blogger-post-list';
import { UserHeader } from './components/user-header';
import UserCenterRoute, { loader as centerLoader } from './routes/user-center';
import { loader as followLoader } from './routes/user-follow';
import UserInfoRoute from './routes/user-info';

const profile = (overrides: Partial<BloggerProfile> = {}): BloggerProfile => ({
  id: 42,
  nickname: 'Aslan',
  avatar: 'a01',
  fans_count: 1234,
  following_count: 1,
  is_followed: false,
  is_own: false,
  is_tipster: true,
  ...overrides,
});

/** Runs a loader the way the router does, answering its data or the status it threw. */
async function runLoader<T>(
  loader: (args: never) => Promise<T>,
  options: { url: string; params: Record<string, string>; readerId?: number | null; profiles?: Record<number, BloggerProfile | null> },
): Promise<{ status: number; data: T | null }> {
  const currentUser = options.readerId ? makeUserInfo({ id: options.readerId }) : null;
  const bloggers = options.profiles ? { profile: async ({ id }: { id: number }) => options.profiles![id] ?? null } : undefined;
  try {
    const data = await loader({ request: new Request(`https://tribun.test${options.url}`), params: options.params, context: { currentUser, bloggers } } as never);
    return { status: 200, data };
  } catch (thrown) {
    const status = (thrown as { init?: { status?: number } }).init?.status ?? 0;
    return { status, data: null };
  }
}

describe('a fan’s page rules', () => {
  it('gives the purchased tab to the owner only', () => {
    expect(tabsFor({ is_own: true })).toEqual(['home', 'posted', 'purchased', 'followed']);
    expect(tabsFor({ is_own: false })).toEqual(['home', 'posted', 'followed']);
  });

  it('reads the tab of the address: none is home, an unknown one or another’s purchased is missing', () => {
    expect(tabOf(null, null)).toBe('home');
    expect(tabOf('', { is_own: false })).toBe('home');
    expect(tabOf('posted', { is_own: false })).toBe('posted');
    expect(tabOf('purchased', { is_own: true })).toBe('purchased');
    expect(tabOf('purchased', { is_own: false })).toBeNull();
    for (const raw of ['Posted', 'drafts', 'purchased ', '<script>']) expect(tabOf(raw, { is_own: true }), raw).toBeNull();
  });

  it('knows the follow lists and the ids the API accepts', () => {
    expect(followTypeOf('followers')).toBe('followers');
    expect(followTypeOf('following')).toBe('following');
    for (const raw of ['fans', 'Followers', '', undefined, 'blocks']) expect(followTypeOf(raw)).toBeNull();
    expect(userIdOf('7')).toBe(7);
    expect(userIdOf('2147483647')).toBe(2_147_483_647);
    for (const raw of ['0', '07', '-1', '2147483648', '1.5', 'abc', undefined]) expect(userIdOf(raw)).toBeNull();
  });

  it('moves the header’s fans count with the follow answer and appends pages without repeats', () => {
    expect(afterFollow(profile(), { is_followed: true, fans_count: 1235 })).toMatchObject({ is_followed: true, fans_count: 1235 });
    expect(appendPage([{ id: 3 }, { id: 2 }], [{ id: 2 }, { id: 1 }]).map((row) => row.id)).toEqual([3, 2, 1]);
    expect(bloggerPaths.center(5)).toBe('/community/community/userCenter/5');
    expect(bloggerPaths.center(5, 'posted')).toBe('/community/community/userCenter/5?tab=posted');
    expect(bloggerPaths.follow('following', 5)).toBe('/community/community/userFollow/following/5');
  });
});

describe('the pages’ addresses', () => {
  it('answers 404 for another fan’s, a signed-out reader’s or staff’s purchased tab, and lets the owner in', async () => {
    const url = '/en/community/community/userCenter/42?tab=purchased';
    expect((await runLoader(centerLoader, { url, params: { id: '42' }, readerId: null })).status).toBe(404);
    expect((await runLoader(centerLoader, { url, params: { id: '42' }, readerId: 9 })).status).toBe(404);
    expect(await runLoader(centerLoader, { url, params: { id: '42' }, readerId: 42 })).toEqual({ status: 200, data: { userId: 42, tab: 'purchased', profile: null } });
    expect((await runLoader(centerLoader, { url: '/en/community/community/userCenter/abc', params: { id: 'abc' } })).status).toBe(404);
    expect((await runLoader(centerLoader, { url: '/en/community/community/userCenter/42?tab=nope', params: { id: '42' } })).status).toBe(404);
    expect((await runLoader(centerLoader, { url: '/en/community/community/userCenter/42', params: { id: '42' } })).data).toEqual({ userId: 42, tab: 'home', profile: null });
  });

  it('reads the header on the server: a fan missing to the reader (blocked, closed, unknown) is the 404 page', async () => {
    const url = '/en/community/community/userCenter/42';
    expect((await runLoader(centerLoader, { url, params: { id: '42' }, readerId: 9, profiles: { 42: null } })).status).toBe(404);
    expect((await runLoader(followLoader, { url: '/community/community/userFollow/followers/42', params: { type: 'followers', id: '42' }, profiles: { 42: null } })).status).toBe(404);
    expect((await runLoader(centerLoader, { url, params: { id: '42' }, readerId: 9, profiles: { 42: profile() } })).data).toEqual({ userId: 42, tab: 'home', profile: profile() });
  });

  it('answers 404 for a follow list other than followers and following', async () => {
    expect((await runLoader(followLoader, { url: '/community/community/userFollow/followers/42', params: { type: 'followers', id: '42' } })).data).toEqual({ type: 'followers', userId: 42, profile: null });
    expect((await runLoader(followLoader, { url: '/community/community/userFollow/fans/42', params: { type: 'fans', id: '42' } })).status).toBe(404);
    expect((await runLoader(followLoader, { url: '/community/community/userFollow/following/0', params: { type: 'following', id: '0' } })).status).toBe(404);
  });

  it('renders the header into the page’s HTML, so it reads without JavaScript', () => {
    const Stub = createRoutesStub([{ id: 'en/community/userCenter', path: '/en/community/community/userCenter/:id', Component: UserCenterRoute, HydrateFallback: () => null }]);
    const html = renderToString(
      <I18nextProvider i18n={getI18n('en')}>
        <ServerUserContext.Provider value={null}>
          <Stub initialEntries={['/en/community/community/userCenter/42']} hydrationData={{ loaderData: { 'en/community/userCenter': { userId: 42, tab: 'home', profile: profile() } } }} />
        </ServerUserContext.Provider>
      </I18nextProvider>,
    );
    expect(text(html)).toContain('Aslan');
    expect(text(html)).toContain('1,234 followers');
    expect(html).toContain('data-testid="tab-posted"');
    expect(html).not.toContain('data-testid="tab-purchased"');
    // a tipster's record and plans load in the browser, never in the HTML
    expect(html).toContain('data-testid="war-record"');
    expect(html).not.toContain('data-testid="plan-card"');
  });
});

describe('the header and the plan post mark', () => {
  const header = (overrides: Partial<BloggerProfile>, options: { locale?: Locale; reader?: number | null } = {}) =>
    render(
      <ServerUserContext.Provider value={options.reader ? makeUserInfo({ id: options.reader }) : null}>
        <UserHeader profile={profile(overrides)} onChange={() => {}} />
      </ServerUserContext.Provider>,
      { locale: options.locale, path: '/community/community/userCenter/42' },
    );

  it('shows the nickname, the counts as links to the lists, and follow for another fan', () => {
    const html = header({}, { reader: 9 });
    expect(text(html)).toContain('Aslan');
    expect(text(html)).toContain('1,234 followers');
    expect(text(html)).toContain('1 following');
    expect(html).toContain('href="/en/community/community/userFollow/followers/42"');
    expect(html).toContain('data-testid="user-follow"');
    expect(html).toContain('data-testid="user-menu"');
    expect(text(header({ is_followed: true }, { reader: 9 }))).toContain('Following');
  });

  it('words the counts in Turkish and Chinese', () => {
    expect(text(header({}, { locale: 'tr', reader: 9 }))).toContain('1.234 takipçi');
    expect(text(header({}, { locale: 'zh', reader: 9 }))).toContain('1,234 位粉丝');
  });

  it('sends a signed-out reader to sign in to follow, and shows no menu', () => {
    const html = header({}, { reader: null });
    expect(html).toMatch(/href="\/en\/login\?redirect=[^"]*userCenter/);
    expect(html).not.toContain('data-testid="user-menu"');
  });

  it('has no follow button nor menu on one’s own page', () => {
    const html = header({ id: 9, is_own: true }, { reader: 9 });
    expect(html).not.toContain('data-testid="user-follow"');
    expect(html).not.toContain('data-testid="user-menu"');
  });

  it('marks a plan post and links it to its plan; a fan’s own post has no mark', () => {
    const html = render(<PlanPostLink post={{ plan_id: 77, status: 'published' }} />, { path: '/community/community' });
    expect(text(html)).toContain('Tipster plan');
    expect(html).toContain('href="/en/forecast/plan/77"');
    expect(render(<PlanPostLink post={{ plan_id: null, status: 'published' }} />)).toBe('');
    expect(render(<PlanPostLink post={{ status: 'published' }} />)).toBe('');
  });
});

describe('the reader’s own community centre (userInfo)', () => {
  it('asks a signed-out reader to log in first, coming back here', () => {
    const html = render(
      <ServerUserContext.Provider value={null}>
        <UserInfoRoute />
      </ServerUserContext.Provider>,
      { path: '/community/community/pageLayout/userInfo' },
    );
    expect(text(html)).toContain('Please log in first');
    expect(html).toMatch(/href="\/en\/login\?redirect=[^"]*pageLayout%2FuserInfo/);
  });

  it('shows the signed-in fan’s card with their counts and links', () => {
    const html = render(
      <ServerUserContext.Provider value={makeUserInfo({ id: 7, nickname: 'Cimbom', fans_count: 3, following_count: 2 })}>
        <UserInfoRoute />
      </ServerUserContext.Provider>,
      { path: '/community/community/pageLayout/userInfo', locale: 'tr' },
    );
    expect(text(html)).toContain('Cimbom');
    expect(text(html)).toContain('3 takipçi');
    expect(text(html)).toContain('2 takip');
    expect(html).toContain('href="/community/community/userCenter/7"');
    expect(html).toContain('href="/community/community/userCenter/7?tab=purchased"');
    expect(text(html)).toContain('Kaydedilen gönderiler');
  });
});
