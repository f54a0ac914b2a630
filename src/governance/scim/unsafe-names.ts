// Names that reach JavaScript's object machinery instead of an attribute. scim-patch walks a path
// (and every key of a value, which it reads as a path too) with plain property access and creates
// what is missing, so `constructor.prototype.x` or `__proto__.x` writes onto Object.prototype for the
// whole process, and `toString.x` onto a function every object shares. No SCIM attribute has such a
// name: any path, key or sub-attribute naming one is refused before anything walks it.

/** Never an attribute, wherever it stands. */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);
/**
 * What every object or list inherits: harmless as the last name (a property of the resource's own),
 * but a step into a shared function when a path goes through it. SCIM's parent attributes (`name`,
 * `emails`, `meta`, `manager`, …) are none of these.
 */
const INHERITED = new Set([...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Array.prototype)].map((n) => n.toLowerCase()));

/**
 * The unsafe name in an attribute path or key (`constructor.prototype`, `emails[__proto__ eq "x"]`,
 * `urn:…:User:constructor`, `toString.x`), in any case; the quoted values of a filter are data and
 * not looked at.
 */
export function unsafeName(path: string): string | undefined {
  const unquoted = path.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const words = unquoted.split(/[^A-Za-z0-9_$]+/).filter(Boolean);
  return words.find((word, i) => UNSAFE.has(word.toLowerCase()) || (i < words.length - 1 && INHERITED.has(word.toLowerCase())));
}

/**
 * The first key of `value`, at any depth (objects in lists included), that names an unsafe property,
 * as a dotted location for the error message; undefined when there is none. Iterative: a request
 * body's depth is bounded by the JSON parser, and this must not depend on the stack either way.
 */
export function unsafeKey(value: unknown, at = ''): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: at }];
  while (stack.length) {
    const item = stack.pop()!;
    if (item.value === null || typeof item.value !== 'object') continue;
    const isList = Array.isArray(item.value);
    // Own keys as JSON.parse made them: a `"__proto__"` member is an own property, listed here.
    for (const key of Object.keys(item.value)) {
      const path = isList ? `${item.path}[${key}]` : item.path ? `${item.path}.${key}` : key;
      if (!isList && unsafeName(key) !== undefined) return path;
      stack.push({ value: (item.value as Record<string, unknown>)[key], path });
    }
  }
  return undefined;
}
