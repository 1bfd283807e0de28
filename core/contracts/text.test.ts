import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, multiLineText, singleLineText } from './text';

describe('hasControlCharacters', () => {
  it('finds the C0 controls, DEL and the C1 controls; tab and line breaks only in one-line texts', () => {
    for (const code of [0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f]) {
      const value = `a${String.fromCharCode(code)}b`;
      expect(hasControlCharacters(value), code.toString(16)).toBe(true);
      expect(hasControlCharacters(value, { multiLine: true }), code.toString(16)).toBe(true);
    }
    for (const allowed of ['\t', '\n', '\r']) {
      expect(hasControlCharacters(`a${allowed}b`)).toBe(true);
      expect(hasControlCharacters(`a${allowed}b`, { multiLine: true })).toBe(false);
    }
    for (const text of ['', 'Beşiktaş', '进球 Gol!', 'ÿ ¡ €', 'a\u00a0b', '😀']) {
      expect(hasControlCharacters(text), text).toBe(false);
    }
  });
});

describe('singleLineText and multiLineText', () => {
  it('refuse control characters with the one message, before the field’s own rules', () => {
    const schema = singleLineText({ error: 'field.required' }).trim().min(3, { error: 'field.short' });
    const refused = schema.safeParse('\u0000');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([expect.objectContaining({ message: CONTROL_CHARACTERS_MESSAGE, path: [] })]);
    expect(schema.safeParse('two\nlines').error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(schema.safeParse('  Fenerbahçe  ').data).toBe('Fenerbahçe');
    expect(schema.safeParse('ab').error?.issues[0]?.message).toBe('field.short');
    expect(schema.safeParse(42).error?.issues[0]?.message).toBe('field.required');
  });

  it('multiLineText keeps tab and line breaks', () => {
    const schema = multiLineText();
    expect(schema.parse('line one\r\nline two\tend')).toBe('line one\r\nline two\tend');
    expect(schema.safeParse('line\u0000').error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it('works inside objects and as record keys', () => {
    const schema = z.object({ name: singleLineText(), stats: z.record(singleLineText(), z.number()) });
    expect(schema.safeParse({ name: 'x', stats: { goals: 1 } }).success).toBe(true);
    expect(schema.safeParse({ name: 'x\u001b[31m', stats: {} }).error?.issues[0]).toMatchObject({ path: ['name'], message: CONTROL_CHARACTERS_MESSAGE });
    expect(schema.safeParse({ name: 'x', stats: { 'go\u0000als': 1 } }).success).toBe(false);
  });
});
