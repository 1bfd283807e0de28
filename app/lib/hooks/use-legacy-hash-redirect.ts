import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localizePath, splitLocalePath } from '../../../core/locale';
import { findRedirect } from '../../../core/routing/redirects';

/**
 * Old links '/#contact/{date}/{id}' and '/#about-us/{date}/{id}' go to the home page
 * (section 2). A hash never reaches the server, so the browser applies the same core rule.
 */
export function useLegacyHashRedirect(): void {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!hash.startsWith('#contact/') && !hash.startsWith('#about-us/')) return;
    const { locale, path } = splitLocalePath(pathname);
    if (path !== '/') return;
    const target = findRedirect(`/${hash}`);
    if (target === null) return;
    void navigate(localizePath(target.location, locale), { replace: true });
  }, [pathname, hash, navigate]);
}
