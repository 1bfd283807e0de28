import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../core/locale';
import { isMessageKey, MESSAGES } from '../../../core/messages/messages';
import { STANDINGS_RULES_NAMES } from '../../../core/standings/rules';
import enStaff from '../../locales/en/staff.json';
import trStaff from '../../locales/tr/staff.json';
import zhStaff from '../../locales/zh/staff.json';
import {
  checkDeductionForm,
  checkImportForm,
  deductionMessageKey,
  EMPTY_IMPORT_FORM,
  importFieldErrors,
  staffSeasonPath,
  warningText,
} from './season-imports';

const LOCALES = { tr: trStaff, en: enStaff, zh: zhStaff } as Record<string, unknown>;

/** The message at a dotted key of a locale's staff namespace (plural keys by their _other form). */
function messageAt(locale: string, key: string): unknown {
  // `messages:<key>` is the one message source shared with the server (core/messages)
  const shared = key.startsWith('messages:') ? key.slice('messages:'.length) : null;
  if (shared !== null) return isMessageKey(shared) ? MESSAGES[locale as Locale][shared] : undefined;
  let value: unknown = LOCALES[locale];
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (value === undefined) {
    const parts = key.split('.');
    const last = parts.pop()!;
    value = messageAt(locale, [...parts, `${last}_other`].join('.'));
  }
  return value;
}

const file = (text: string, name = 'en.1.json') => ({ ...EMPTY_IMPORT_FORM, file: { name, text } });

describe('the import form', () => {
  it('sends the file by its name with its parsed content, and only the options given', () => {
    expect(checkImportForm(file('{"name":"L 2023/24","matches":[]}'))).toEqual({
      ok: true,
      body: { file_name: 'en.1.json', content: { name: 'L 2023/24', matches: [] } },
    });
    const full = checkImportForm({
      file: { name: 'cup.json', text: '{"name":"Cup"}' },
      rules: 'la-liga',
      season: ' 2023-24 ',
      competition: '7',
      deductions: '[{"team":"X","points":3,"reason":"Late"}]',
    });
    expect(full).toEqual({
      ok: true,
      body: {
        file_name: 'cup.json',
        content: { name: 'Cup' },
        rules: 'la-liga',
        season: '2023/24',
        competition_id: 7,
        deductions: [{ team: 'X', points: 3, reason: 'Late' }],
      },
    });
  });

  it('sends a Football.TXT file as its text, for the server to read line by line', () => {
    const text = '= Türkiye Kupasi 2024/25\n▪ Round 2\n  Tue Oct 8 2024\n    13:00  Kilis Belediyespor  v Balıkesirspor  2-0\n';
    expect(checkImportForm(file(text, '2024-25_trcup.txt'))).toEqual({ ok: true, body: { file_name: '2024-25_trcup.txt', content: text } });
  });

  it('names each problem the browser can see, as a key every language has', () => {
    const checks = [
      checkImportForm(EMPTY_IMPORT_FORM),
      checkImportForm(file('{"name":', 'en.1.json')),
      checkImportForm(file('{}', 'en.1.csv')),
      checkImportForm({ ...file('{}'), deductions: '{"team":"X"}', season: 'last', competition: '0' }),
    ];
    expect(checks).toEqual([
      { ok: false, errors: { file: 'messages:imports.content.required' } },
      { ok: false, errors: { file: 'imports.errors.notJson' } },
      { ok: false, errors: { file: 'imports.errors.fileName' } },
      { ok: false, errors: { deductions: 'imports.errors.deductions', season: 'imports.errors.season', competition: 'imports.errors.competition' } },
    ]);
    for (const check of checks) {
      if (check.ok) continue;
      for (const key of Object.values(check.errors)) for (const locale of Object.keys(LOCALES)) expect(messageAt(locale, key!), `${locale} ${key}`).toEqual(expect.any(String));
    }
  });

  it('puts the server’s field messages under the form field they belong to, with the place in the file', () => {
    expect(
      importFieldErrors({
        'content.matches[7].score.ft': 'A score must be two whole numbers',
        'content.matches[9].date': 'The date must be a real day',
        'deductions[0].team': 'Evertn FC plays no match in this season',
        competition_id: 'There is no competition 4242',
        file_name: 'The file name must end in .json',
      }),
    ).toEqual({
      file: 'matches[7].score.ft: A score must be two whole numbers · matches[9].date: The date must be a real day · The file name must end in .json',
      deductions: '[0].team: Evertn FC plays no match in this season',
      competition: 'There is no competition 4242',
    });
  });

  it('has a label for every tie-break chain and a text for every warning, in every language', () => {
    for (const locale of Object.keys(LOCALES)) {
      for (const rules of STANDINGS_RULES_NAMES) expect(messageAt(locale, `rules.${rules}`), `${locale} ${rules}`).toEqual(expect.any(String));
      for (const code of ['shootoutLevel', 'fewMatches'] as const) {
        const { key } = warningText({ code, field: 'x', params: {} });
        expect(messageAt(locale, key), `${locale} ${key}`).toEqual(expect.any(String));
      }
    }
    expect(warningText({ code: 'fewMatches', field: 'Gaziantep FK', params: { team: 'Gaziantep FK', matches: 28, expected: 34 } })).toEqual({
      key: 'imports.result.warnings.fewMatches',
      values: { field: 'Gaziantep FK', team: 'Gaziantep FK', matches: 28, expected: 34 },
    });
    expect(staffSeasonPath(12)).toBe('/staff/seasons/12');
  });
});

describe('the deduction form', () => {
  it('sends the team id, the points and the trimmed reason', () => {
    expect(checkDeductionForm({ team: '14', points: '6', reason: '  PSR breach  ' })).toEqual({ ok: true, body: { team_id: 14, points: 6, reason: 'PSR breach' } });
  });

  it('names the contract’s message per field, each translated in every language', () => {
    const check = checkDeductionForm({ team: '', points: '-3', reason: 'x' });
    expect(check).toEqual({
      ok: false,
      errors: { team_id: 'imports.deduction.teamRequired', points: 'imports.deduction.pointsInvalid', reason: 'imports.deduction.reasonLength' },
    });
    expect(checkDeductionForm({ team: '1', points: '201', reason: 'Late fee' })).toEqual({ ok: false, errors: { points: 'imports.deduction.pointsInvalid' } });
    if (check.ok) return;
    for (const key of Object.values(check.errors)) {
      const candidates = deductionMessageKey(key!);
      expect(candidates.at(-1)).toBe('season.errors.invalid');
      for (const locale of Object.keys(LOCALES)) {
        // the console's own wording, or the shared message the server answers with
        const own = isMessageKey(key) ? MESSAGES[locale as Locale][key] : messageAt(locale, candidates[0]!);
        expect(own, `${locale} ${key}`).toEqual(expect.any(String));
      }
    }
    expect(deductionMessageKey('something.else')).toEqual(['season.errors.invalid']);
  });
});
