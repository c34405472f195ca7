import { readdirSync, readFileSync } from 'node:fs';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';

// Rule: every language has exactly the keys English has, and each message parses as ICU with the
// same placeholders (arguments and rich-text tags) as its English original.
type Catalogue = { [key: string]: string | Catalogue };
const dir = new URL('../messages/', import.meta.url);
const read = (locale: string) => JSON.parse(readFileSync(new URL(`${locale}.json`, dir), 'utf8')) as Catalogue;

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [k, v] of flatten(value, path)) flat.set(k, v);
  }
  return flat;
}

/** Argument names with their kinds and tag names, sorted: `count:plural`, `<link>`. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument) found.add(`${el.value}:argument`);
    if (el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) found.add(`${el.value}:${TYPE[el.type]}`);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      found.add(`${el.value}:${el.type === TYPE.plural ? 'plural' : 'select'}`);
      for (const option of Object.values(el.options)) placeholders(option.value, found);
    }
    if (el.type === TYPE.tag) {
      found.add(`<${el.value}>`);
      placeholders(el.children, found);
    }
  }
  return found;
}

const english = flatten(read('en'));

describe('message catalogues', () => {
  it('holds one catalogue per language and no other', () => {
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(LOCALES.map((l) => `${l}.json`).sort());
  });

  for (const locale of LOCALES) {
    describe(locale, () => {
      const catalogue = flatten(read(locale));
      it('has every key English has and no other', () => {
        expect([...catalogue.keys()].filter((k) => !english.has(k))).toEqual([]);
        expect([...english.keys()].filter((k) => !catalogue.has(k))).toEqual([]);
      });
      it('has ICU messages that parse, with the placeholders of the English message', () => {
        const mismatched: string[] = [];
        for (const [key, source] of english) {
          const message = catalogue.get(key);
          if (message === undefined) continue;
          const ours = [...placeholders(parse(message))].sort();
          const theirs = [...placeholders(parse(source))].sort();
          if (ours.join() !== theirs.join()) mismatched.push(`${key}: ${ours.join()} ≠ ${theirs.join()}`);
          if (!message.trim()) mismatched.push(`${key}: empty`);
        }
        expect(mismatched).toEqual([]);
      });
    });
  }
});
