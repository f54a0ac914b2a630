// Bounds on JSON nesting. Hangar's walkers (validation, templating, JSON.stringify of stored values)
// recurse, so a value nested thousands of levels deep would exhaust the stack: every JSON that comes
// in — a request body, a provider's answer, a model's tool-call arguments — is measured on its raw
// text first (one pass, no allocation), and only a value within the bound is parsed and used.

/** Nesting allowed in provider and model answers: generous, yet far below what overflows the stack. */
export const FOREIGN_MAX_DEPTH = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/** Whether JSON text nests objects and arrays deeper than `max`; strings are skipped, so brackets in them do not count. */
export function nestsDeeperThan(text: Buffer | string, max: number): boolean {
  // A value cannot nest deeper than it has opening brackets: counted with the native search first
  // (a code-host delivery of several KB has a few dozen), the walk only when there are more.
  if (text.length <= max || !hasMoreThan(text, max)) return false;
  // Text is scanned as UTF-16 code units, bytes as bytes (no copy): the characters that matter are
  // ASCII either way, and no other unit or byte equals one of them (UTF-8 continuation bytes are ≥ 0x80).
  return typeof text === 'string' ? deeper(text.length, (i) => text.charCodeAt(i), max) : deeper(text.length, (i) => text[i], max);
}

function deeper(length: number, at: (i: number) => number, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const b = at(i);
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) depth--;
  }
  return false;
}

/** Whether `text` holds more than `max` opening brackets (strings included: an upper bound). */
function hasMoreThan(text: Buffer | string, max: number): boolean {
  let count = 0;
  // Bytes are searched for a byte: with a one-character string as needle Buffer#indexOf converts it
  // on every call, eight times slower on a request body.
  const needles = typeof text === 'string' ? ['{', '['] : [OPEN_OBJECT, OPEN_ARRAY];
  for (const open of needles) {
    for (let at = text.indexOf(open as never); at !== -1; at = text.indexOf(open as never, at + 1)) if (++count > max) return true;
  }
  return false;
}

/**
 * The dotted path where a parsed value first nests deeper than `max` (`a.b.0.c`), for a message that
 * names the field; undefined when it does not. Iterative, so it is safe on any depth.
 */
export function deepestPath(value: unknown, max: number): string | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value, depth: 0, path: '' }];
  while (stack.length) {
    const at = stack.pop()!;
    if (at.value === null || typeof at.value !== 'object') continue;
    if (at.depth >= max) return at.path || 'the body';
    for (const [k, v] of Object.entries(at.value)) {
      if (v !== null && typeof v === 'object') stack.push({ value: v, depth: at.depth + 1, path: at.path ? `${at.path}.${k}` : k });
    }
  }
  return undefined;
}

/** JSON from outside (a provider, a model): parsed when within the bound, else undefined. */
export function parseBoundedJson(text: string | Buffer, max = FOREIGN_MAX_DEPTH): unknown {
  if (nestsDeeperThan(text, max)) return undefined;
  return JSON.parse(typeof text === 'string' ? text : text.toString('utf8'));
}

const IN_OBJECT = 1;
const IN_ARRAY = 2;
/** What each open container is, by depth: reused, since a check runs to its end without yielding. */
let containers = new Uint8Array(FOREIGN_MAX_DEPTH + 1);

/**
 * Whether `bytes` are exactly one JSON text (RFC 8259, the grammar `JSON.parse` takes) nesting no
 * deeper than `max`, checked in one pass that builds nothing. A provider's answer that is only passed
 * on (the API Call) is checked so, not parsed: parsing a 1 KB answer made some sixty objects per
 * call that nobody read. `bytes` must be valid UTF-8 (`isUtf8`); then every byte of a multi-byte
 * character is ≥ 0x80, which the grammar allows inside strings only.
 */
export function isJsonWithin(bytes: Uint8Array, max = FOREIGN_MAX_DEPTH): boolean {
  if (containers.length <= max) containers = new Uint8Array(max + 1);
  const n = bytes.length;
  let depth = 0;
  let i = 0;
  value: for (;;) {
    i = skipSpace(bytes, i, n);
    const c = bytes[i];
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth === max) return false;
      i = skipSpace(bytes, i + 1, n);
      if (bytes[i] === (c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) i++;
      else {
        containers[depth++] = c === OPEN_OBJECT ? IN_OBJECT : IN_ARRAY;
        if (c === OPEN_OBJECT && (i = member(bytes, i, n)) < 0) return false;
        continue value;
      }
    } else if (c === QUOTE) i = string(bytes, i, n);
    else if (c === MINUS || (c >= ZERO && c <= NINE)) i = number(bytes, i, n);
    else if (c === 0x74) i = literal(bytes, i, n, 'true');
    else if (c === 0x66) i = literal(bytes, i, n, 'false');
    else if (c === 0x6e) i = literal(bytes, i, n, 'null');
    else return false;
    if (i < 0) return false;
    // After a value: a comma, the end of its container, or (at the top) the end of the text.
    for (;;) {
      i = skipSpace(bytes, i, n);
      if (depth === 0) return i === n;
      const next = bytes[i];
      const inObject = containers[depth - 1] === IN_OBJECT;
      if (next === COMMA) {
        if (inObject && (i = member(bytes, skipSpace(bytes, i + 1, n), n)) < 0) return false;
        if (!inObject) i++;
        continue value;
      }
      if (next !== (inObject ? CLOSE_OBJECT : CLOSE_ARRAY)) return false;
      depth--;
      i++;
    }
  }
}

function skipSpace(bytes: Uint8Array, i: number, n: number): number {
  for (; i < n; i++) {
    const c = bytes[i];
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
  }
  return i;
}

/** A member's key and colon, from its opening quote: the index of its value, or -1. */
function member(bytes: Uint8Array, i: number, n: number): number {
  if (bytes[i] !== QUOTE || (i = string(bytes, i, n)) < 0) return -1;
  i = skipSpace(bytes, i, n);
  return bytes[i] === COLON ? i + 1 : -1;
}

const ESCAPED = new Set([QUOTE, BACKSLASH, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);
const isHex = (c: number) => (c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** A string from its opening quote: the index after its closing quote, or -1. */
function string(bytes: Uint8Array, i: number, n: number): number {
  for (i++; i < n; i++) {
    const c = bytes[i];
    if (c === QUOTE) return i + 1;
    if (c < 0x20) return -1;
    if (c === BACKSLASH) {
      const e = bytes[++i];
      if (e === 0x75) {
        if (i + 4 >= n || !isHex(bytes[i + 1]) || !isHex(bytes[i + 2]) || !isHex(bytes[i + 3]) || !isHex(bytes[i + 4])) return -1;
        i += 4;
      } else if (!ESCAPED.has(e)) return -1;
    }
  }
  return -1;
}

const digits = (bytes: Uint8Array, i: number, n: number) => {
  while (i < n && bytes[i] >= ZERO && bytes[i] <= NINE) i++;
  return i;
};

/** A number (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?): the index after it, or -1. */
function number(bytes: Uint8Array, i: number, n: number): number {
  if (bytes[i] === MINUS) i++;
  if (bytes[i] === ZERO) i++;
  else if (bytes[i] >= 0x31 && bytes[i] <= NINE) i = digits(bytes, i + 1, n);
  else return -1;
  if (bytes[i] === DOT) {
    const start = i + 1;
    if ((i = digits(bytes, start, n)) === start) return -1;
  }
  if (bytes[i] === 0x65 || bytes[i] === 0x45) {
    if (bytes[i + 1] === PLUS || bytes[i + 1] === MINUS) i++;
    const start = i + 1;
    if ((i = digits(bytes, start, n)) === start) return -1;
  }
  return i;
}

function literal(bytes: Uint8Array, i: number, n: number, word: string): number {
  if (i + word.length > n) return -1;
  for (let k = 0; k < word.length; k++) if (bytes[i + k] !== word.charCodeAt(k)) return -1;
  return i + word.length;
}

// A number token that can overflow a double: an exponent of three or more digits (on a number, where
// a value starts: not inside every id whose hex happens to hold "e123"), or a run of digits long
// enough to pass 1.8e308 with a two-digit exponent. Only a text holding one is walked.
const MAY_OVERFLOW = /(?:^|[:,[])\s*-?\d+(?:\.\d+)?[eE]\+?\d{3}|\d{210}/;

/**
 * The dotted path of the first number in a value parsed from `text` that JSON cannot carry (`1e309`
 * parses to Infinity, which jsonb and JSON.stringify turn into null: a schema's bound would vanish);
 * undefined when there is none. The walk runs only when the text holds a number that may overflow.
 */
export function nonFinitePath(text: string, value: unknown): string | undefined {
  if (!MAY_OVERFLOW.test(text)) return undefined;
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length) {
    const at = stack.pop()!;
    if (typeof at.value === 'number' && !Number.isFinite(at.value)) return at.path || 'the body';
    if (at.value === null || typeof at.value !== 'object') continue;
    for (const [k, v] of Object.entries(at.value)) {
      if (typeof v === 'number' || (v !== null && typeof v === 'object')) stack.push({ value: v, path: at.path ? `${at.path}.${k}` : k });
    }
  }
  return undefined;
}
