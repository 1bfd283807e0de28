import { index, prefix, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../core/locale';
import { COMMUNITY_CHILDREN } from './features/community/community-views';
import { FORECAST_VIEWS } from './features/forecast/forecast-views';
import { GUESSING_VIEWS } from './features/guessing/guessing-views';
import { PERSONAL_CENTER_CHILDREN, PERSONAL_CENTER_PUBLIC } from './features/personal-center/personal-center-views';

/**
 * Every page exists three times: Turkish without a prefix, English under /en, Chinese under
 * /zh (section 2). One module serves all three and reads the locale from the URL. Route ids
 * are `{locale}/{page}`, and for pages with sub-views `{locale}/{page}/{view}`: the view is the
 * last segment of the id.
 */
const MATCHES = 'features/matches/routes';
const MATCH_CENTRE = 'features/match-centre/routes';
const ABOUT = 'features/about/routes/about.tsx';
const ACCOUNT = 'features/account/routes';
const PERSONAL = 'features/personal-center/routes';

function pagesOf(locale: Locale): RouteConfigEntry[] {
  const id = (name: string) => `${locale}/${name}`;
  return [
    index(`${MATCHES}/home.tsx`, { id: id('home') }),
    route('indexOld', `${MATCHES}/index-old.tsx`, { id: id('indexOld') }),
    route('football', `${MATCHES}/football.tsx`, { id: id('football') }),
    route('football/Details/:matchId/:tab?', `${MATCH_CENTRE}/football-detail.tsx`, { id: id('football-detail') }),
    route('basketball', `${MATCHES}/basketball.tsx`, { id: id('basketball') }),
    route('basketball/Details/:matchId/:tab?', `${MATCH_CENTRE}/basketball-detail.tsx`, { id: id('basketball-detail') }),
    route('competition/:competitionId', `${MATCH_CENTRE}/competition.tsx`, { id: id('competition') }),
    route('team/:teamId', `${MATCH_CENTRE}/team.tsx`, { id: id('team') }),
    route('search', 'features/search/routes/search.tsx', { id: id('search') }),

    route('about', ABOUT, { id: id('about') }),
    route('hakkimizda', ABOUT, { id: id('hakkimizda') }),
    route('download-app', 'features/download-app/routes/download-app.tsx', { id: id('download-app') }),
    route('help', 'features/help/routes/help.tsx', { id: id('help') }),
    route('contact', 'features/contact/routes/contact.tsx', { id: id('contact') }),
    route('agreement', 'features/legal/routes/agreement.tsx', { id: id('agreement') }),
    route('privacy', 'features/legal/routes/privacy.tsx', { id: id('privacy') }),
    route('disclaimer', 'features/legal/routes/disclaimer.tsx', { id: id('disclaimer') }),
    route('login', `${ACCOUNT}/login.tsx`, { id: id('login') }),
    route('register', `${ACCOUNT}/register.tsx`, { id: id('register') }),
    route('forgot-password', `${ACCOUNT}/forgot-password.tsx`, { id: id('forgot-password') }),

    route('sports', 'features/sports/routes/sports.tsx', { id: id('sports') }),
    route('sports/:type', 'features/sports/routes/sports.tsx', { id: id('sports/type') }),
    route('sports/:type/:releaseDate/:uuid', 'features/sports/routes/sports.tsx', { id: id('sports/detail') }),

    route('forecast', 'features/forecast/routes/forecast.tsx', { id: id('forecast') }),
    ...FORECAST_VIEWS.map((view) =>
      route(`forecast/${view}`, 'features/forecast/routes/forecast.tsx', { id: id(`forecast/${view}`) }),
    ),
    route('forecast/tipster/:userId', 'features/forecast/routes/forecast-tipster.tsx', { id: id('forecast-tipster') }),
    route('forecast/plan/:id', 'features/forecast/routes/forecast-plan.tsx', { id: id('forecast-plan') }),
    route('guessing', 'features/guessing/routes/guessing.tsx', { id: id('guessing') }),
    route('guessing/glossary', 'features/guessing/routes/guessing-glossary.tsx', { id: id('guessing-glossary') }),
    ...GUESSING_VIEWS.map((view) =>
      route(`guessing/${view}`, 'features/guessing/routes/guessing.tsx', { id: id(`guessing/${view}`) }),
    ),
    route('activity/:type?/:id?', 'features/activity/routes/activity.tsx', { id: id('activity') }),
    route('community/community', 'features/community/routes/community.tsx', { id: id('community') }),
    ...COMMUNITY_CHILDREN.map((child) =>
      route(`community/community/${child.path}`, 'features/community/routes/community.tsx', {
        id: id(`community/${child.view}`),
      }),
    ),
    route('personal-center/personal-center', `${PERSONAL}/personal-center-layout.tsx`, { id: id('personal-center') }, [
      index(`${PERSONAL}/overview.tsx`, { id: id('personal-center/overview') }),
      ...PERSONAL_CENTER_CHILDREN.map((child) => route(child.path, `${PERSONAL}/${child.file}`, { id: id(`personal-center/${child.view}`) })),
    ]),
    route('personal-center/personal-center/aboutUs', ABOUT, { id: id('personal-center/aboutUs') }),
    ...PERSONAL_CENTER_PUBLIC.map((page) =>
      route(`personal-center/personal-center/${page.path}`, `${PERSONAL}/${page.file}`, { id: id(`personal-center/${page.view}`) }),
    ),

    route('staff', 'features/staff/routes/staff-users.tsx', { id: id('staff') }),
    route('staff/users/:id', 'features/staff/routes/staff-user.tsx', { id: id('staff/user') }),
    route('staff/imports', 'features/staff/routes/staff-imports.tsx', { id: id('staff/imports') }),
    route('staff/seasons', 'features/staff/routes/staff-seasons.tsx', { id: id('staff/seasons') }),
    route('staff/seasons/:id', 'features/staff/routes/staff-season.tsx', { id: id('staff/season') }),
    route('staff/forecast', 'features/staff/routes/staff-forecast.tsx', { id: id('staff/forecast') }),
    route('staff/guessing', 'features/staff/routes/staff-guessing.tsx', { id: id('staff/guessing') }),
    route('staff/messages', 'features/staff/routes/staff-messages.tsx', { id: id('staff/messages') }),
    route('staff/messages/:id', 'features/staff/routes/staff-message.tsx', { id: id('staff/message') }),

    // Anything else, including an unknown language prefix such as /fr/football.
    route('*', 'features/not-found/routes/not-found.tsx', { id: id('not-found') }),
  ];
}

export default LOCALES.flatMap(({ code }) =>
  code === DEFAULT_LOCALE ? pagesOf(code) : prefix(code, pagesOf(code)),
) satisfies RouteConfig;
