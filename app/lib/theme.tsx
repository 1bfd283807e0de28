import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LOCALE_COOKIE_MAX_AGE_S } from '../../core/constants';
import { isSecurePage, THEME_COOKIE, writeCookie } from './cookies';
import type { Theme } from './root-data';

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue>({ theme: 'light', setTheme: () => {} });

/**
 * Holds the theme the server rendered from the cookie; changing it rewrites the cookie so the
 * next server render (any page, any tab) comes out in the same theme without a flash.
 */
export function ThemeProvider(props: { initialTheme: Theme; children: (theme: Theme) => ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(props.initialTheme);
  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    // The theme cookie lives as long as the locale cookie: a year.
    writeCookie(THEME_COOKIE, next, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'Lax', secure: isSecurePage() });
  }, []);
  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{props.children(theme)}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  return useContext(ThemeContext);
}
