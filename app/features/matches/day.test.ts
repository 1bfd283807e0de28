import { describe, expect, it } from 'vitest';
import { skipSearchOnlyRevalidation } from './day';

describe('list page revalidation', () => {
  it('does not refetch the day when only the All/Hot choice in the query changes', () => {
    const args = (from: string, to: string) => ({
      currentUrl: new URL(`http://x${from}`),
      nextUrl: new URL(`http://x${to}`),
      currentParams: {},
      nextParams: {},
      defaultShouldRevalidate: true,
    });
    expect(skipSearchOnlyRevalidation(args('/football', '/football?list=hot'))).toBe(false);
    expect(skipSearchOnlyRevalidation(args('/football?list=hot', '/en/football?list=hot'))).toBe(true);
    expect(skipSearchOnlyRevalidation(args('/football', '/football'))).toBe(true);
  });
});
