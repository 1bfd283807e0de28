import { useTranslation } from 'react-i18next';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { LocalLink } from '../../../components/local-link';
import { throwNotFound } from '../../../lib/not-found';
import { pageMeta } from '../../../lib/page-meta';
import { Crest } from '../../../components/match/match-parts';
import { FollowButton } from '../../../lib/collections/follow-button';
import { parseMatchId } from '../../../lib/match-time';
import { loaderLocale } from '../../../lib/locale';
import { latestNewsFor } from '../../../lib/news';
import { NewsBlock } from '../../../components/news/news-list';
import { FormBadges, HistoryList } from '../components/history';
import { EmptyNote, Panel } from '../components/panel';

/** How many of the last results the form line shows. */
export const FORM_MATCHES = 5;

export async function loader({ params, context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const url = new URL(request.url);
  const teamId = parseMatchId(params.teamId);
  if (teamId === null) throwNotFound(url.pathname);
  const page = await context.matchCentre.teamPage({ teamId, locale: loaderLocale(request) });
  if (page === null) throwNotFound(url.pathname);
  const news = await latestNewsFor(context, { type: 'team', id: teamId }, loaderLocale(request));
  return { page, news, nowSec: Math.floor(Date.now() / 1000) };
}

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.data) return [];
  return pageMeta(args, {
    namespace: 'matchCentre',
    title: 'team.meta.title',
    description: 'team.meta.description',
    values: { team: args.data.page.team.name },
  });
};

export default function TeamPage() {
  const { t } = useTranslation('matchCentre');
  const { page, news, nowSec } = useLoaderData<typeof loader>();
  const { team } = page;
  return (
    <article className="mx-auto w-full max-w-4xl bg-surface sm:my-3 sm:rounded-lg sm:border sm:border-line">
      <header className="border-b border-line px-3 py-5 text-center">
        <div className="flex justify-center">
          <Crest src={team.logo} size={64} />
        </div>
        <h1 className="mt-2 text-xl font-bold">{team.name}</h1>
        <p className="text-sm text-muted">{t(`sport.${team.sport}`)}</p>
        <div className="mt-3 flex justify-center">
          <FollowButton kind="team" id={team.team_id} name={team.name} />
        </div>
        <div className="mt-3 flex flex-col items-center gap-1">
          <h2 className="text-xs font-semibold text-muted uppercase">{t('team.form', { count: FORM_MATCHES })}</h2>
          <FormBadges matches={page.results.slice(0, FORM_MATCHES)} label={t('form.label', { team: team.name })} />
        </div>
      </header>
      <Panel title={t('team.competitions')} id="team-competitions">
        {page.competitions.length === 0 ? (
          <EmptyNote>{t('team.noCompetitions')}</EmptyNote>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {page.competitions.map((c) => (
              <li key={c.competition_id}>
                <LocalLink to={`/competition/${c.competition_id}`} className="flex items-center gap-2 rounded-md border border-line px-3 py-2 text-sm font-semibold hover:bg-surface-muted">
                  <Crest src={c.logo} size={20} />
                  {c.name}
                </LocalLink>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t('team.fixtures')} id="team-fixtures">
        <HistoryList matches={page.fixtures} sport={team.sport} nowSec={nowSec} empty={t('team.noFixtures')} highlightTeamId={team.team_id} />
      </Panel>
      <Panel title={t('team.results')} id="team-results">
        <HistoryList matches={page.results} sport={team.sport} nowSec={nowSec} empty={t('team.noResults')} highlightTeamId={team.team_id} />
      </Panel>
      <NewsBlock articles={news} />
    </article>
  );
}
