import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidFile } from '../invalid-file';
import { MAX_XML_DEPTH } from '../limits';
import { time } from './nodes';
import { streamXml, XmlSyntaxError, type XmlStreamHandler } from './stream-xml';

// The streaming reader builds each element the way fast-xml-parser (the tree parser it replaced,
// the streaming rewrite) did with our options, so the GPX/TCX readers read the same values. The expected
// shapes below are fast-xml-parser 5.12.1's own output for the same text.

const keepAll: XmlStreamHandler = { open: () => false, detached: () => undefined };
const tree = (xml: string) => streamXml(xml, keepAll);

describe('stream-xml builds elements like the tree parser did', () => {
  it('leaf text, attributes, repeated names, dropped prefixes and namespace declarations', () => {
    expect(tree('<r xmlns="u" xmlns:g="v" g:x="1" y = "2" z=3 w><g:n g:a="1">t</g:n><n/><n></n></r>')).toEqual({
      n: [{ '#text': 't', '@a': '1' }, '', ''],
      '@x': '1',
      '@y': '2',
    });
    expect(tree('<r><n>1</n><n><m>2</m></n><n/></r>')).toEqual({ n: ['1', { m: '2' }, ''] });
    expect(tree('<r><trk></trk><trk/><trk>t</trk><x a="1" a="2"/></r>')).toEqual({ trk: ['', '', 't'], x: { '@a': '2' } });
    expect(tree('<r><n>  </n><n>x</n></r>')).toEqual({ n: ['', 'x'] });
  });

  it('text pieces are trimmed and joined; CDATA is kept as written; comments and PIs vanish', () => {
    expect(tree('<r><n> a <b/> c </n></r>')).toEqual({ n: { b: '', '#text': 'ac' } });
    expect(tree('<r><n><![CDATA[ c<d ]]> e</n><n2>a<![CDATA[b]]>c</n2></r>')).toEqual({ n: ' c<d e', n2: 'abc' });
    expect(tree('<r><n>a<!-- x -->b</n><e></e><e2> </e2><e3 a=""/></r>')).toEqual({ n: 'ab', e: '', e2: '', e3: { '@a': '' } });
    expect(tree('<r><n>1</n><!-- c --><?pi x?><n>2</n></r>')).toEqual({ n: ['1', '2'] });
    expect(tree('<r><n>a\r\nb</n></r>')).toEqual({ n: 'a\nb' });
    // what String#trim counts as space, beyond XML's four: no-break and ideographic spaces, a BOM
    expect(tree('<r><n>\u00a0a b\u3000</n><m>\ufeff7</m><k>x&amp;</k></r>')).toEqual({ n: 'a b', m: '7', k: 'x&' });
  });

  it('only the five XML entities are decoded, in text and attributes', () => {
    expect(tree('<r><n>&lt;&amp;&#65;&nbsp;&foo;</n><m a="&amp;&lt;&#65;" b=\'1"2\' c="1>2"/></r>')).toEqual({
      n: '<&&#65;&nbsp;&foo;',
      m: { '@a': '&<&#65;', '@b': '1"2', '@c': '1>2' },
    });
  });

  it('a cut-off file keeps what was complete: open elements close at the end without their pending text', () => {
    expect(tree('<r><x>1')).toEqual({ x: '' });
    expect(tree('<r><x><y>1</x></r>')).toEqual({ x: { y: '1' } });
    expect(tree('<r><x>1</y></x></r>')).toEqual({ x: '1' });
  });

  it('refuses what is not XML: unclosed tags, comments, CDATA, PIs; reserved names; a second root', () => {
    for (const bad of [
      '<r><x a="1',
      '<r><x',
      '<r><!-- x',
      '<r><![CDATA[ x',
      '<r><?x',
      '<r><__proto__>1</__proto__></r>',
      '<r><constructor/></r>',
      '<r/><r/>',
    ]) {
      expect(() => tree(bad), bad).toThrow(XmlSyntaxError);
    }
  });

  it(`nesting: ${MAX_XML_DEPTH} levels below the root are read, one more is refused`, () => {
    const nested = (levels: number) => '<a>'.repeat(levels) + 'x' + '</a>'.repeat(levels);
    expect(() => tree(nested(MAX_XML_DEPTH + 1))).not.toThrow();
    expect(() => tree(nested(MAX_XML_DEPTH + 2))).toThrow(XmlSyntaxError);
  });

  it('the element and tag caps are counted while streaming', () => {
    expect(() => streamXml(`<r>${'<a/>'.repeat(10)}</r>`, keepAll, 10)).toThrow(InvalidFile);
    expect(() => streamXml(`<r>${'<a/>'.repeat(9)}</r>`, keepAll, 10)).not.toThrow();
    expect(() => streamXml(`<r><a b="${'x'.repeat(100)}"/></r>`, keepAll, 1000, 64)).toThrow(/longer than 64 characters/);
    expect(() => streamXml(`<r><a>1</a${' '.repeat(100)}></r>`, keepAll, 1000, 64)).toThrow(/longer than 64 characters/);
  });
});

describe('detached elements stream by', () => {
  it('are handed over one at a time, in document order, with their ancestors, and left out of the tree', () => {
    const seen: [string, unknown][] = [];
    const root = streamXml('<g><t><s><p a="1"><v>1</v></p><x><p>no</p></x><p a="2"/></s></t></g>', {
      open: (name, ancestors) => name === 'p' && ancestors.join('>') === 'g>t>s',
      detached: (name, value) => seen.push([name, value]),
    });
    expect(seen).toEqual([
      ['p', { v: '1', '@a': '1' }],
      ['p', { '@a': '2' }],
    ]);
    expect(root).toEqual({ t: { s: { x: { p: 'no' } } } });
  });
});

describe('time()', () => {
  it('reads whole-second UTC instants exactly as Date.parse does, whatever the digits', () => {
    const digits = (n: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n }).map((d) => d.join(''));
    const instant = fc
      .tuple(
        digits(4),
        fc.constantFrom('-', '/'),
        digits(2),
        digits(2),
        fc.constantFrom('T', ' '),
        digits(2),
        digits(2),
        digits(2),
        fc.constantFrom('Z', 'z', '+'),
      )
      .map(([y, dash, mo, d, t, h, mi, s, z]) => `${y}${dash}${mo}-${d}${t}${h}:${mi}:${s}${z}`);
    const written = fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    fc.assert(
      fc.property(fc.oneof(instant, written), (raw) => {
        const expected = Date.parse(raw);
        expect(time(raw)).toBe(Number.isFinite(expected) ? expected : null);
      }),
      { numRuns: 5000 },
    );
    expect(time('2024-06-01T04:00:07Z')).toBe(Date.UTC(2024, 5, 1, 4, 0, 7));
    expect(time('2024-02-30T04:00:07Z')).toBe(Number.isFinite(Date.parse('2024-02-30T04:00:07Z')) ? Date.parse('2024-02-30T04:00:07Z') : null);
  });
});
