import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Locale } from '../../core/locale';
import { getI18n } from '../i18n/i18n';
import { ServerNowContext } from '../lib/use-clock';
import { KICK_OFF } from './match-fixtures';

/** What the server sends for a view: the page as a reader without JavaScript gets it. */
export function render(node: ReactNode, options: { locale?: Locale; nowSec?: number; path?: string } = {}): string {
  const locale = options.locale ?? 'en';
  const prefix = locale === 'tr' ? '' : `/${locale}`;
  return renderToString(
    <MemoryRouter initialEntries={[`${prefix}${options.path ?? '/football/Details/101'}`]}>
      <I18nextProvider i18n={getI18n(locale)}>
        <ServerNowContext value={options.nowSec ?? KICK_OFF + 23 * 60 + 5}>{node}</ServerNowContext>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

/** Visible text, tags removed and whitespace collapsed. */
export function text(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<svg[^>]*aria-hidden="true"[\s\S]*?<\/svg>/g, ' ')
    .replace(/<title[^>]*>[\s\S]*?<\/title>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The values of one attribute on every element carrying a data-testid, in document order. */
export function attributes(html: string, testId: string, attribute: string): string[] {
  const pattern = new RegExp(`<[^>]*data-testid="${testId}"[^>]*>`, 'g');
  return (html.match(pattern) ?? []).map((tag) => new RegExp(`${attribute}="([^"]*)"`).exec(tag)?.[1] ?? '');
}
