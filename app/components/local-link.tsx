import { NavLink, type NavLinkProps } from 'react-router';
import { useLocalizedPath } from '../lib/locale';

export type LocalLinkProps = Omit<NavLinkProps, 'to'> & {
  /** an unprefixed path ('/football', '/football/Details/12'); the reader's locale is added */
  to: string;
};

/** A NavLink that keeps the reader in their language: '/football' becomes '/en/football' in English. */
export function LocalLink({ to, ...props }: LocalLinkProps) {
  const localize = useLocalizedPath();
  return <NavLink to={localize(to)} {...props} />;
}
