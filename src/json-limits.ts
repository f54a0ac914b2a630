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
