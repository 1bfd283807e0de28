import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createPageActions } from './page-actions';

const action = async () => null;
const route = (id: string, parentId: string | undefined, path: string | undefined, options: { index?: boolean; action?: boolean } = {}) => ({
  id,
  parentId,
  path,
  index: options.index,
  caseSensitive: undefined,
  module: options.action ? { action, default: () => null } : { default: () => null },
});

/** The routes of a web build, as React Router's route config makes them (prefix, layout, index, catch-all). */
const build = {
  basename: '/',
  routes: {
    root: route('root', undefined, ''),
    'tr/login': route('tr/login', 'root', 'login', { action: true }),
    'tr/about': route('tr/about', 'root', 'about'),
    'en/login': route('en/login', 'root', 'en/login', { action: true }),
    'tr/center': route('tr/center', 'root', 'personal-center/personal-center'),
    'tr/center/overview': route('tr/center/overview', 'tr/center', undefined, { index: true, action: true }),
    'tr/center/updatePassword': route('tr/center/updatePassword', 'tr/center', 'updatePassword', { action: true }),
    'tr/not-found': route('tr/not-found', 'root', '*'),
  },
} as unknown as Pick<ServerBuild, 'routes' | 'basename'>;

describe('which pages take a form POST', () => {
  const pages = createPageActions(build);

  it('takes it where the target route has an action, in every language, with a query or a trailing slash', () => {
    expect(pages.acceptsPost('/login')).toBe(true);
    expect(pages.acceptsPost('/login?redirect=%2Ffootball')).toBe(true);
    expect(pages.acceptsPost('/login/')).toBe(true);
    expect(pages.acceptsPost('/en/login')).toBe(true);
    expect(pages.acceptsPost('/personal-center/personal-center/updatePassword')).toBe(true);
  });

  it('refuses it elsewhere: no action, an unknown page, a layout whose index has one unless asked with ?index', () => {
    expect(pages.acceptsPost('/about')).toBe(false);
    expect(pages.acceptsPost('/no-such-page')).toBe(false);
    expect(pages.acceptsPost('/zh/login')).toBe(false);
    expect(pages.acceptsPost('/personal-center/personal-center')).toBe(false);
    expect(pages.acceptsPost('/personal-center/personal-center?index')).toBe(true);
    expect(pages.acceptsPost('/%E0%A4%A')).toBe(false);
  });
});
