// isJsonWithin (src/shared/json-limits.ts) decides, without parsing, whether a provider's answer is passed
// on as JSON or as text: it must agree with JSON.parse on every input, so it is checked against it
// on hand-picked edge cases and on many thousands of generated and mutated texts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FOREIGN_MAX_DEPTH, isJsonWithin, nestsDeeperThan, nonFinitePath } from '../src/shared/json-limits.ts';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** What JSON.parse and the nesting bound together say: the verdict isJsonWithin must give. */
const expected = (text: string, max: number) => parses(text) && !nestsDeeperThan(text, max);

function agree(text: string, max = FOREIGN_MAX_DEPTH): void {
  assert.equal(isJsonWithin(Buffer.from(text, 'utf8'), max), expected(text, max), `isJsonWithin(${JSON.stringify(text)}, ${max})`);
}

test('edge cases of the grammar, each as JSON.parse reads it', () => {
  const cases = [
    '', ' ', '{}', '[]', '{ }', '[ ]', ' {"a":1} ', '\t\n\r[1]\r\n', '\u000b[1]', '\u00a0[1]', '\ufeff{}',
    '0', '-0', '01', '-', '1.', '.5', '1.5', '1e5', '1E+5', '1e-5', '1e', '1e+', '-1.5e-10', '+1', '0x10', '1_000', 'NaN', 'Infinity',
    'true', 'false', 'null', 'tru', 'nul', 'True', 'nullx', 'true false',
    '""', '"a"', '"\\""', '"\\\\"', '"\\/"', '"\\b\\f\\n\\r\\t"', '"\\u00e9"', '"\\u00E9"', '"\\u00g9"', '"\\u00e"', '"\\x41"', '"\\\'"', '"\\', '"abc',
    '"tab\there"', '"nl\nhere"', '"\u007f"', '"café"', '"日本"', '"😀"', '"\\ud800"',
    '{"a":}', '{"a" 1}', '{a:1}', "{'a':1}", '{"a":1,}', '{"a":1,,"b":2}', '{,}', '{"a":1 "b":2}', '{"a":1}}', '{"a":[1,2}', '[1,2]]', '[1,]', '[,1]', '[1 2]',
    '{"a":{"b":[{"c":null},{"d":[true,false]}]},"e":-0.5e+3}', '[[[]]]', '[{}]', '{"":""}', '{"a":1}{"b":2}', '[1]x', '1 2',
    '{"id":12345678901234567891,"amount":1.50}',
  ];
  for (const text of cases) agree(text);
});

test('nesting: exactly the bound passes, one deeper is refused, brackets inside strings do not count', () => {
  for (const max of [1, 2, 5, FOREIGN_MAX_DEPTH]) {
    agree(`${'['.repeat(max)}${']'.repeat(max)}`, max);
    agree(`${'['.repeat(max + 1)}${']'.repeat(max + 1)}`, max);
    agree(`${'{"a":'.repeat(max)}1${'}'.repeat(max)}`, max);
    agree(`${'{"a":'.repeat(max + 1)}1${'}'.repeat(max + 1)}`, max);
    agree(`["${'[{'.repeat(max + 5)}"]`, max);
  }
  assert.equal(isJsonWithin(Buffer.from(`${'['.repeat(5000)}${']'.repeat(5000)}`)), false);
  assert.equal(isJsonWithin(Buffer.from(`${'['.repeat(600)}${']'.repeat(600)}`), 1000), true, 'a larger bound than the default');
});

/** A deterministic generator (mulberry32), so a failure names a case that can be rerun. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('generated values and their mutations: the same verdict as JSON.parse, every time', () => {
  const rnd = random(20261127);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)];
  const pieces = ['{', '}', '[', ']', ':', ',', '"', '\\', 'u', '0', '1', '-', '.', 'e', '+', ' ', '\n', 't', 'n', 'f', 'é', '\u0001', 'a'];
  const value = (depth: number): unknown => {
    const r = rnd();
    if (depth > 4 || r < 0.3) return pick([0, -1, 1.5, -2.5e-7, 1e21, 12345678901234567, true, false, null, '', 'text', 'é"\\\n\u0000😀', '\ud800']);
    if (r < 0.65) return Array.from({ length: Math.floor(rnd() * 4) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(rnd() * 4) }, (_, i) => [pick(['a', 'b"', 'ü', '', `k${i}`]), value(depth + 1)]));
  };
  let checked = 0;
  for (let i = 0; i < 4000; i++) {
    const text = JSON.stringify(value(0), null, rnd() < 0.3 ? 2 : undefined);
    agree(text);
    agree(text, 3);
    for (let m = 0; m < 5; m++) {
      const at = Math.floor(rnd() * (text.length + 1));
      const mutated = rnd() < 0.5 ? text.slice(0, at) + pick(pieces) + text.slice(at) : text.slice(0, at) + text.slice(at + 1 + Math.floor(rnd() * 3));
      agree(mutated);
      checked++;
    }
  }
  assert.ok(checked >= 20_000);
});

test('nonFinitePath finds every number JSON.parse reads as ±Infinity, whatever its spelling, and nothing else', () => {
  let overflowing = 0;
  for (let digits = 1; digits <= 420; digits += 7) {
    for (const exponent of ['', 'e0', 'e5', 'E+99', 'e-5', 'e100', 'e199', 'e290', 'e300', 'e308', 'e0309', 'e-400']) {
      for (const fraction of ['', '.5', `.${'9'.repeat(30)}`]) {
        for (const sign of ['', '-']) {
          const number = `${sign}${'9'.repeat(digits)}${fraction}${exponent}`;
          const text = `{"a":[1,{"b":${number}}]}`;
          const value = JSON.parse(text) as { a: [number, { b: number }] };
          const infinite = !Number.isFinite(value.a[1].b);
          if (infinite) overflowing++;
          assert.equal(nonFinitePath(text, value), infinite ? 'a.1.b' : undefined, number);
        }
      }
    }
  }
  assert.ok(overflowing > 100, `${overflowing} overflowing spellings tried`);
  assert.equal(nonFinitePath('1e309', JSON.parse('1e309')), 'the body');
  assert.equal(nonFinitePath('{"x":"1e309"}', { x: '1e309' }), undefined, 'a string is not a number');
});
