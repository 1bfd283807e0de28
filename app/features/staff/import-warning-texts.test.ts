import { describe, expect, it } from 'vitest';
import { ImportWarningSchema } from '../../../core/contracts/imports';
import { formatMessage } from '../../../core/messages/messages';
import enStaff from '../../locales/en/staff.json';
import trStaff from '../../locales/tr/staff.json';
import zhStaff from '../../locales/zh/staff.json';
import { warningText } from './season-imports';

const LOCALES = { tr: trStaff, en: enStaff, zh: zhStaff } as const;

function textAt(namespace: unknown, key: string): unknown {
  let value = namespace;
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

/** Decision 088: every warning an import answers reads in every language, the new ones included. */
describe('import warning texts', () => {
  it('has a text for every warning code of the contract, in Turkish, English and Chinese', () => {
    for (const code of ImportWarningSchema.shape.code.options) {
      const { key } = warningText({ code, field: 'x', params: {} });
      for (const [locale, namespace] of Object.entries(LOCALES)) expect(textAt(namespace, key), `${locale} ${key}`).toEqual(expect.any(String));
    }
  });

  it('names the awarded match by its teams, date and round, with both scores', () => {
    const { key, values } = warningText({
      code: 'awardedOverHalfTime',
      field: 'Kocaelispor v Sivasspor (2025-02-04, Group D)',
      params: { home: 'Kocaelispor', away: 'Sivasspor', date: '2025-02-04', round: 'Group D', score: '3-0', halfTime: '0-1' },
    });
    const english = String(textAt(LOCALES.en, key)).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
    expect(english).toBe(
      'Kocaelispor v Sivasspor (2025-02-04, Group D): the full-time score 3-0 is below the half-time score 0-1, which no match can play; it was stored as an awarded result, with 0-1 kept as the half-time score',
    );
  });

  it('hints at --competition when a file names no competition, in every language', () => {
    for (const locale of ['tr', 'en', 'zh'] as const) {
      expect(formatMessage(locale, 'imports.competition.unknownFile', { code: 'xx.1' })).toMatch(/"xx\.1"|“xx\.1”/);
      expect(formatMessage(locale, 'imports.competition.unknownFile', { code: 'xx.1' })).toMatch(/--competition <id>.*--new-competition/);
    }
  });
});
