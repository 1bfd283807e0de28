import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { pageMeta } from '../../../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'login.page.title', description: 'login.page.description' });

/** Where 401 answers send the reader (section 8). Accounts arrive in a later issue. */
export default function LoginRoute() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('login.page.title')} lead={t('login.page.text')} offer={`${t('login.page.later')} ${t('login.page.now')}`} />;
}
