import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadingText } from '../components/ui/loading-text';

describe('the loading delay (section 9)', () => {
  it('renders "Loading…" invisible and unannounced at first, holding its line so nothing moves when it shows', () => {
    const html = renderToString(createElement(LoadingText, null, 'Loading…'));
    expect(html).toContain('Loading…');
    expect(html).toContain('invisible');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('role="status"');
  });
});
