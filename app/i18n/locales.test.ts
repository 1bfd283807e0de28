import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../core/locale';

const root = join(import.meta.dirname, '..', 'locales');
const features = join(import.meta.dirname, '..', 'features');

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const keys = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix === '' ? key : `${prefix}.${key}`)) keys.set(k, v);
    }
  } else {
    keys.set(prefix, value);
  }
  return keys;
}

/** A feature's own texts: app/features/<feature>/locales/<locale>.json, the namespace named after the feature. */
const featureNamespaces = readdirSync(features).filter((feature) => existsSync(join(features, feature, 'locales')));

function fileOf(locale: string, namespace: string): string {
  return featureNamespaces.includes(namespace) ? join(features, namespace, 'locales', `${locale}.json`) : join(root, locale, `${namespace}.json`);
}

function read(locale: string, namespace: string): Map<string, unknown> {
  const file = fileOf(locale, namespace);
  return existsSync(file) ? flatten(JSON.parse(readFileSync(file, 'utf8'))) : new Map();
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

const locales = LOCALES.map((l) => l.code);
const centralNamespaces = [...new Set(locales.flatMap((l) => readdirSync(join(root, l)).filter((f) => f.endsWith('.json'))))].map((f) =>
  f.replace(/\.json$/, ''),
);
const namespaces = [...centralNamespaces, ...featureNamespaces].sort();

describe('translations', () => {
  it('exist for every locale', () => {
    expect(readdirSync(root).sort()).toEqual([...locales].sort());
    expect(namespaces.length).toBeGreaterThan(0);
  });

  it('names a feature’s own namespace after the feature, never after a shared one, with one file per locale', () => {
    expect(featureNamespaces.filter((feature) => centralNamespaces.includes(feature))).toEqual([]);
    for (const feature of featureNamespaces) {
      expect(readdirSync(join(features, feature, 'locales')).sort(), feature).toEqual(locales.map((l) => `${l}.json`).sort());
    }
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    const all = new Map(locales.map((l) => [l, read(l, namespace)]));
    const keys = [...new Set([...all.values()].flatMap((m) => [...m.keys()]))].sort();

    it.each(locales)('has every key in %s, none empty', (locale) => {
      const messages = all.get(locale) ?? new Map<string, unknown>();
      // Plural forms differ by language (Chinese has only _other): a plural key is present when
      // the language has its _other form.
      const missing = keys.filter((k) => !messages.has(k) && !(PLURAL.test(k) && messages.has(k.replace(PLURAL, '_other'))));
      const empty = [...messages.keys()].filter((k) => messages.has(k) && (typeof messages.get(k) !== 'string' || String(messages.get(k)).trim() === ''));
      expect({ missing, empty }).toEqual({ missing: [], empty: [] });
    });

    it('uses the same {{placeholders}} in every locale', () => {
      const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
      const differing = keys.filter((k) => !PLURAL.test(k)).filter((k) => {
        const sets = locales.map((l) => JSON.stringify(placeholders(all.get(l)?.get(k))));
        return new Set(sets).size > 1;
      });
      expect(differing).toEqual([]);
    });
  });
});
