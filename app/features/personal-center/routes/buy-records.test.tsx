import { describe, expect, it } from 'vitest';
import { render, text } from '../../../test-support/render';
import { PERSONAL_CENTER_CHILDREN } from '../personal-center-views';
import BuyRecordsRoute from './buy-records';

describe('purchased plans (buyRecords)', () => {
  it('is a real page now, listing the unlocked plans in the browser', () => {
    expect(PERSONAL_CENTER_CHILDREN.find((child) => child.view === 'buyRecords')?.file).toBe('buy-records.tsx');
    const html = render(<BuyRecordsRoute />, { path: '/personal-center/personal-center/buyRecords' });
    expect(text(html)).toContain('My unlocked plans');
    expect(text(html)).toContain('The plans you unlocked with points');
    expect(html).toContain('data-testid="plan-list-loading"');
    expect(html).not.toContain('data-testid="plan-card"');
  });

  it('speaks Turkish', () => {
    expect(text(render(<BuyRecordsRoute />, { locale: 'tr', path: '/personal-center/personal-center/buyRecords' }))).toContain('Puanla kilidini açtığınız planlar');
  });
});
