import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { throwNotFound } from '../../../lib/not-found';
import { pageMeta } from '../../../lib/page-meta';

// Section 5, route formats: the sports code is three digits, the id alphanumeric.
const SPORTS_CODE = /^\d{3}$/;
const RELEASE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NEWS_ID = /^[A-Za-z0-9-]+$/;

/** /sports, /sports/{type}, /sports/{type}/{releaseDate}/{uuid}: malformed addresses are not found. */
export function loader({ params, request }: LoaderFunctionArgs): null {
  const isValid =
    (params.type === undefined || SPORTS_CODE.test(params.type)) &&
    (params.releaseDate === undefined || RELEASE_DATE.test(params.releaseDate)) &&
    (params.uuid === undefined || NEWS_ID.test(params.uuid));
  if (!isValid) throwNotFound(new URL(request.url).pathname);
  return null;
}

function titleKeyOf(params: { type?: string; uuid?: string }): string {
  if (params.uuid !== undefined) return 'sports.detail.title';
  if (params.type !== undefined) return 'sports.type.title';
  return 'sports.page.title';
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    namespace: 'pages',
    title: titleKeyOf(args.params),
    description: 'sports.page.offer',
    values: { code: args.params.type ?? '' },
  });

function sectionOf(params: { type?: string; uuid?: string }, t: TFunction): string | null {
  if (params.uuid !== undefined) return t('sports.detail.title');
  if (params.type !== undefined) return t('sports.type.section', { code: params.type });
  return null;
}

export default function SportsRoute() {
  const { t } = useTranslation('pages');
  const params = useParams();
  return (
    <ComingSoon
      title={t('sports.page.title')}
      section={sectionOf(params, t)}
      offer={t('sports.page.offer')}
    />
  );
}
