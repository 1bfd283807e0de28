import type { RouteConfigEntry } from '@react-router/dev/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../app/routes';
import enCommon from '../app/locales/en/common.json';
import trCommon from '../app/locales/tr/common.json';
import zhCommon from '../app/locales/zh/common.json';
import { registerFan } from './support/fans';
import type { StaffAccount } from './support/outbox';
import { DESKTOP_CHROME_UA } from './support/page';
import { startServer, type RunningServer } from './support/server';

/**
 * No page may say a feature is missing while the feature works (issue 15, decision 089).
 *
 * Every page of app/routes.ts without a required parameter is fetched from the running server in
 * the three languages, signed out, and the personal centre signed in. Its visible text is cut
 * into sentences. A sentence is a claim that something is missing when it says so in words
 * ("not built yet", "henüz hazır değil", "尚未上线", …), and everything named in the "what it
 * will offer" paragraph of a not-built page is claimed to be missing too. Each claim must name
 * a feature of the table below (an unknown one fails: say what it is about, so it can be
 * checked), and each feature it names must really be missing: its page answers with the
 * not-built page, or, for what has no page, the table says why the claim holds.
 */

type Locale = 'tr' | 'en' | 'zh';
const LOCALES: readonly { locale: Locale; prefix: string }[] = [
  { locale: 'tr', prefix: '' },
  { locale: 'en', prefix: '/en' },
  { locale: 'zh', prefix: '/zh' },
];

/** Words that say a thing does not exist yet, per language. */
const MISSING: Record<Locale, RegExp> = {
  en: /not (?:built|available|ready|set up|published|here) yet|coming soon|still to come|(?:come|comes|arrive|arrives) in (?:a )?later releases?|do(?:es)? not exist|is being prepared|are being (?:prepared|set up)|not built|there is no .{0,40} yet|when (?:they|it) exists?/i,
  tr: /henüz (?:hazır değil|yok|yapılmadı|kurulmadı|mevcut değil|yayımlanmadı)|yakında|sonraki sürüm|hazırlanıyor|henüz .{0,40} yok\b|var olduğunda/i,
  zh: /尚未(?:建成|上线|推出|开放|提供|建立|发布)|即将(?:推出|上线)|后续版本|正在(?:准备|建立)|暂未|上线后/,
};

interface Feature {
  id: string;
  /** how a sentence names it, per language */
  names: Record<Locale, RegExp>;
  /** where it works when it is built (unprefixed); null: no page of its own */
  path: string | null;
  signedIn?: boolean;
  /** for a feature without a page: why a claim that it is missing is true on this server */
  whyTrue?: string;
}

const FEATURES: readonly Feature[] = [
  {
    id: 'accounts',
    names: { en: /\baccounts?\b|\bsign(?:ing)? in\b|\bregist/i, tr: /hesap|giriş yap|kayıt ol|üye ol/i, zh: /账户|账号|注册|登录/ },
    path: '/register',
  },
  {
    id: 'daily check-in',
    names: { en: /check-?ins?\b/i, tr: /yoklama|check-in|günlük ödül/i, zh: /签到/ },
    path: '/personal-center/personal-center',
    signedIn: true,
  },
  {
    id: 'points mall',
    names: { en: /points mall|\bredeem/i, tr: /puan mağaza|ürün al/i, zh: /积分商城|兑换/ },
    path: '/personal-center/personal-center/pointsMall',
  },
  {
    id: 'points and their history',
    names: { en: /points (?:history|record|ledger|balance)|your balance/i, tr: /puan (?:geçmiş|kayıt|bakiye)/i, zh: /积分(?:记录|明细|余额)/ },
    path: '/personal-center/personal-center/pointsRecord',
    signedIn: true,
  },
  {
    id: 'personal centre',
    names: { en: /personal cent(?:re|er)/i, tr: /kişisel merkez/i, zh: /个人中心/ },
    path: '/personal-center/personal-center',
    signedIn: true,
  },
  {
    id: 'prediction centre',
    names: { en: /prediction (?:plan|cent)|tipster/i, tr: /tahmin merkez|tahmin plan|tahminci/i, zh: /预测/ },
    path: '/forecast',
  },
  {
    id: 'guessing contest',
    names: { en: /guess|prediction contest/i, tr: /tahmin yarışma/i, zh: /竞猜/ },
    path: '/guessing',
  },
  {
    id: 'search',
    names: { en: /\bsearch/i, tr: /\barama\b/i, zh: /搜索/ },
    path: '/search',
  },
  {
    id: 'favourites',
    names: { en: /favourite/i, tr: /favori/i, zh: /收藏/ },
    path: '/football?list=favourites',
  },
  {
    id: 'invitations',
    names: { en: /invit/i, tr: /davet/i, zh: /邀请/ },
    path: '/personal-center/personal-center/inviteFriends',
    signedIn: true,
  },
  {
    id: 'level benefits',
    names: { en: /\blevels?\b|benefits/i, tr: /seviye|ayrıcalık/i, zh: /等级|权益/ },
    path: '/personal-center/personal-center/gadeEquity',
    signedIn: true,
  },
  {
    id: 'community',
    names: { en: /communit|\bposts?\b|blogger/i, tr: /topluluk|gönderi|blog/i, zh: /社区|帖子|博主/ },
    path: '/community/community',
  },
  {
    id: 'activities',
    names: { en: /\bactivit(?:y|ies)\b|\btasks?\b|\brewards?\b/i, tr: /etkinlik|görev|ödül/i, zh: /活动|任务|奖励/ },
    path: '/activity',
  },
  {
    id: 'news',
    names: { en: /\bnews\b|articles?/i, tr: /haber/i, zh: /新闻|资讯|文章/ },
    path: '/sports',
  },
  {
    id: 'live scores',
    names: { en: /live scores|match pages/i, tr: /canlı skor|maç sayfa/i, zh: /即时比分|比赛页面/ },
    path: '/',
  },
  {
    id: 'mobile app',
    names: { en: /\bapp\b/i, tr: /uygulama/i, zh: /App|应用/ },
    path: null,
    whyTrue: 'this server runs without APP_STORE_IOS_URL and APP_STORE_ANDROID_URL: there is no app to get',
  },
  {
    id: 'contact channels',
    names: { en: /contact/i, tr: /[İi]letişim/i, zh: /联系/ },
    path: '/contact',
  },
  {
    id: 'licensed live data',
    names: { en: /licensed|data feed/i, tr: /lisanslı|veri kaynağı/i, zh: /授权|数据源/ },
    path: null,
    whyTrue: 'the matches of today are simulated (README "What works today")',
  },
];

const COMMON = { tr: trCommon, en: enCommon, zh: zhCommon } as const;
const STAFF: StaffAccount = { email: 'texts-staff@example.test', nickname: 'TextsStaff', password: 'texts-staff-2026' };

/** The unprefixed paths of app/routes.ts a reader can open without naming anything (no required parameter). */
function plainPaths(): string[] {
  const paths = new Set<string>();
  const walk = (entries: readonly RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      if (!entry.id?.startsWith('tr/')) continue;
      const own = (entry.path ?? '')
        .split('/')
        .filter((segment) => !(segment.startsWith(':') && segment.endsWith('?')))
        .join('/');
      const path = [parent, own].filter((part) => part !== '').join('/');
      if (entry.children) walk(entry.children, path);
      if (own.split('/').some((segment) => segment.startsWith(':') || segment === '*')) continue;
      if (path.startsWith('staff')) continue;
      paths.add(`/${path}`);
    }
  };
  walk(routes, '');
  return [...paths].sort();
}

/** What a reader reads of a page: the body without scripts, one line per block, tags removed. */
function visibleText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html;
  return decode(
    body
      .replace(/<(script|style|template)[^>]*>[\s\S]*?<\/\1>/g, ' ')
      // A heading, a paragraph, a list item or a link ends what is said: it never runs into the next.
      .replace(/<\/(?:p|h[1-6]|li|dt|dd|div|section|article|aside|header|footer|nav|a|button|label|td|th)>|<br\s*\/?>/g, '\n')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

function decode(text: string): string {
  return text
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&apos;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;。！？；])\s*|\n/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

function isNotBuiltPage(text: string, locale: Locale): boolean {
  return text.includes(COMMON[locale].comingSoon.page.badge);
}

/** The "what it will offer" paragraph of a not-built page. */
function offerOf(html: string, locale: Locale): string | null {
  const heading = COMMON[locale].comingSoon.page.willOffer;
  const match = new RegExp(`>${escapeRegExp(heading)}</h2>\\s*<p[^>]*>([\\s\\S]*?)</p>`).exec(html);
  return match ? decode(match[1]!.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim() : null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Claim {
  locale: Locale;
  page: string;
  sentence: string;
  /** said on a not-built page, where a sentence that names nothing speaks of the page itself */
  onNotBuiltPage: boolean;
}

/** Words by which a sentence of a not-built page's offer says that something is already there. */
const ALREADY: Record<Locale, RegExp> = { en: /\balready\b/i, tr: /zaten|şimdiden|hâlihazırda/i, zh: /已经|已在|已可/ };

let server: RunningServer;
let token: string;

async function fetchPage(path: string, signedIn: boolean): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.origin}${path}`, {
    redirect: 'manual',
    headers: { 'user-agent': DESKTOP_CHROME_UA, ...(signedIn ? { cookie: `tribun_session=${token}` } : {}) },
  });
  return { status: response.status, html: await response.text() };
}

beforeAll(async () => {
  server = await startServer({ SIM: 'off' }, { staff: STAFF });
  ({ token } = await registerFan(server, 'texts-fan@example.test', 'TextsFan'));
});

afterAll(async () => {
  await server?.stop();
});

describe('texts that are true', () => {
  it('no page says a feature is missing while its page works', async () => {
    const paths = plainPaths();
    // The pages this test reads: a change to the routes that hid the site's own pages would make it pass by reading nothing.
    for (const path of ['/about', '/help', '/privacy', '/activity', '/download-app', '/personal-center/personal-center/pointsMall']) {
      expect(paths).toContain(path);
    }

    const claims: Claim[] = [];
    const read = new Set<string>();
    for (const { locale, prefix } of LOCALES) {
      for (const path of paths) {
        const url = `${prefix}${path === '/' && prefix !== '' ? '' : path}`;
        const signedOut = await fetchPage(url, false);
        // The personal centre's own pages are read as their owner sees them.
        const { status, html } = signedOut.status === 200 ? signedOut : await fetchPage(url, true);
        // A page that only sends the reader elsewhere (an old address) says nothing.
        if (status >= 300 && status < 400) continue;
        if (status !== 200) throw new Error(`${url} answered ${status}`);
        read.add(url);
        const text = visibleText(html);
        const onNotBuiltPage = isNotBuiltPage(text, locale);
        for (const sentence of sentences(text)) {
          if (MISSING[locale].test(sentence)) claims.push({ locale, page: url, sentence, onNotBuiltPage });
        }
        const offer = onNotBuiltPage ? offerOf(html, locale) : null;
        for (const sentence of offer ? sentences(offer) : []) {
          if (!ALREADY[locale].test(sentence)) claims.push({ locale, page: url, sentence, onNotBuiltPage });
        }
      }
    }
    for (const page of ['/about', '/en/help', '/zh/privacy', '/en/activity', '/download-app', '/en/personal-center/personal-center']) {
      expect([...read], 'pages read').toContain(page);
    }

    const unknown = new Set<string>();
    const untrue = new Set<string>();
    const works = new Map<string, boolean>();
    for (const claim of claims) {
      const named = FEATURES.filter((feature) => feature.names[claim.locale].test(claim.sentence));
      if (named.length === 0) {
        if (!claim.onNotBuiltPage) unknown.add(`${claim.page}: "${claim.sentence}"`);
        continue;
      }
      for (const feature of named) {
        if (feature.path === null) {
          expect(feature.whyTrue, feature.id).toBeTruthy();
          continue;
        }
        const prefix = LOCALES.find((l) => l.locale === claim.locale)?.prefix ?? '';
        const url = `${prefix}${feature.path === '/' && prefix !== '' ? '' : feature.path}`;
        let isWorking = works.get(url);
        if (isWorking === undefined) {
          const answer = await fetchPage(url, feature.signedIn ?? false);
          isWorking = answer.status === 200 && !isNotBuiltPage(visibleText(answer.html), claim.locale);
          works.set(url, isWorking);
        }
        if (isWorking) untrue.add(`${claim.page}: "${claim.sentence}" says ${feature.id} is missing, but ${url} works`);
      }
    }

    expect([...untrue], 'claims that a working feature is missing').toEqual([]);
    expect([...unknown], 'claims of something missing that name no feature of the table').toEqual([]);
    // The site has features still to come, and their pages say so: a test that found no claim at all read nothing.
    expect(claims.length).toBeGreaterThan(0);
  });
});
