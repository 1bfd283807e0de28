import { useTranslation } from 'react-i18next';
import { Link, redirect, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { TopScorer } from '../../../../core/contracts/match-centre';
import { throwNotFound } from '../../../lib/not-found';
import { pageMeta } from '../../../lib/page-meta';
import { Crest } from '../../../components/match/match-parts';
import { FollowButton } from '../../../lib/collections/follow-button';
import { parseMatchId } from '../../../lib/match-time';
import { loaderLocale } from '../../../lib/locale';
import { latestNewsFor } from '../../../lib/news';
import { NewsBlock } from '../../../components/news/news-list';
import { HistoryList } from '../components/history';
import { EmptyNote, Panel, TeamLink } from '../components/panel';
import { StandingsTable } from '../components/standings-table';
import { competitionSport } from '../match-centre.server';

export async function loader({ params, context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const url = new URL(request.url);
  const locale = loaderLocale(request);
  const competitionId = parseMatchId(params.competitionId);
  if (competitionId === null) throwNotFound(url.pathname);
  const seasonParam = url.searchParams.get('season');
  const seasonId = seasonParam === null ? undefined : parseMatchId(seasonParam);
  if (seasonId === null) {
    // A season that is not a number: the competition's current season instead.
    url.searchParams.delete('season');
    throw redirect(`${url.pathname}${url.search}`);
  }
  const page = await context.matchCentre.competitionPage({ competitionId, seasonId, locale });
  if (page === null) throwNotFound(url.pathname);
  const sport = await competitionSport(context, page);
  const news = await latestNewsFor(context, { type: 'competition', id: competitionId }, locale);
  return { page, sport, news, nowSec: Math.floor(Date.now() / 1000) };
}

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.data) return [];
  const { competition, season } = args.data.page;
  const values = { competition: competition.name, season: season?.name ?? '' };
  return pageMeta(args, {
    namespace: 'matchCentre',
    title: season === null ? 'competition.meta.titleNoSeason' : 'competition.meta.title',
    description: 'competition.meta.description',
    values,
  });
};

function SeasonPicker({ seasons, currentId }: { seasons: readonly { season_id: number; name: string }[]; currentId: number | null }) {
  const { t } = useTranslation('matchCentre');
  if (seasons.length <= 1) return null;
  return (
    <nav aria-label={t('competition.seasons')} className="mt-3">
      <ul className="flex flex-wrap justify-center gap-1.5">
        {seasons.map((s) => {
          const active = s.season_id === currentId;
          return (
            <li key={s.season_id}>
              <Link
                to={{ search: `?season=${s.season_id}` }}
                aria-current={active ? 'page' : undefined}
                className={`block rounded-full border px-3 py-1 text-xs font-semibold tabular-nums ${active ? 'border-accent bg-accent text-accent-contrast' : 'border-line hover:bg-surface-muted'}`}
              >
                {s.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function TopScorers({ scorers }: { scorers: readonly TopScorer[] }) {
  const { t } = useTranslation('matchCentre');
  if (scorers.length === 0) return <EmptyNote>{t('competition.noScorers')}</EmptyNote>;
  return (
    <table className="w-full text-sm tabular-nums" data-testid="top-scorers">
      <caption className="sr-only">{t('competition.scorersTitle')}</caption>
      <thead className="border-b border-line text-xs text-muted">
        <tr>
          <th scope="col" className="w-8 px-1.5 py-2 text-center font-medium">
            #
          </th>
          <th scope="col" className="px-1.5 py-2 text-start font-medium">
            {t('competition.player')}
          </th>
          <th scope="col" className="px-1.5 py-2 text-start font-medium">
            {t('table.team')}
          </th>
          <th scope="col" className="px-1.5 py-2 text-center font-medium">
            {t('competition.goals')}
          </th>
        </tr>
      </thead>
      <tbody>
        {scorers.map((s, i) => (
          <tr key={`${s.player}-${s.team_id}`} className="border-b border-line">
            <td className="px-1.5 py-2 text-center text-muted">{i + 1}</td>
            <th scope="row" className="px-1.5 py-2 text-start font-medium">
              {s.player}
            </th>
            <td className="max-w-[9rem] px-1.5 py-2">
              <TeamLink teamId={s.team_id} name={s.team_name} />
            </td>
            <td className="px-1.5 py-2 text-center font-bold">
              {s.goals}
              {s.penalties > 0 && <span className="ms-1 text-xs font-normal text-muted">{t('competition.penalties', { count: s.penalties })}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function CompetitionPage() {
  const { t } = useTranslation('matchCentre');
  const { page, sport, news, nowSec } = useLoaderData<typeof loader>();
  const { competition, season } = page;
  return (
    <article className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line">
      <header className="border-b border-line px-3 py-5 text-center">
        <div className="flex justify-center">
          <Crest src={competition.logo} size={56} />
        </div>
        <h1 className="mt-2 text-xl font-bold">{competition.name}</h1>
        <p className="text-sm text-muted">
          {[competition.country, t(`sport.${sport}`), season !== null ? t('competition.seasonLabel', { season: season.name }) : null]
            .filter((x) => x !== null && x !== '')
            .join(' · ')}
        </p>
        <div className="mt-3 flex justify-center">
          <FollowButton kind="competition" id={competition.competition_id} name={competition.name} />
        </div>
        <SeasonPicker seasons={page.seasons} currentId={season?.season_id ?? null} />
      </header>
      <Panel title={t('standings.title')} id="competition-standings">
        {page.standings === null ? <EmptyNote>{t('competition.noStandings')}</EmptyNote> : <StandingsTable standings={page.standings} sport={sport} showCompetitionLink={false} />}
      </Panel>
      <Panel title={t('competition.fixtures')} id="competition-fixtures">
        <HistoryList matches={page.fixtures} sport={sport} nowSec={nowSec} empty={t('competition.noFixtures')} />
      </Panel>
      <Panel title={t('competition.results')} id="competition-results">
        <HistoryList matches={page.results} sport={sport} nowSec={nowSec} empty={t('competition.noResults')} />
      </Panel>
      <Panel title={t('competition.scorersTitle')} id="competition-scorers">
        <TopScorers scorers={page.top_scorers} />
      </Panel>
      <NewsBlock articles={news} />
    </article>
  );
}
