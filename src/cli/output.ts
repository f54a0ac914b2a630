// How client commands print: the API's JSON with --json (one line, for scripts), otherwise readable
// tables for lists and "key  value" lines for one object.
const cell = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

export function table(rows: Array<Record<string, unknown>>, columns?: string[]): string {
  if (!rows.length) return '(none)\n';
  const cols = columns ?? Object.keys(rows[0]).filter((k) => rows.some((r) => r[k] === null || typeof r[k] !== 'object'));
  const text = rows.map((r) => cols.map((c) => cell(r[c]).replace(/\s+/g, ' ').slice(0, 80)));
  const widths = cols.map((c, i) => Math.max(c.length, ...text.map((t) => t[i].length)));
  const line = (cells: string[]) => cells.map((t, i) => t.padEnd(widths[i])).join('  ').trimEnd();
  return `${[line(cols.map((c) => c.toUpperCase())), ...text.map(line)].join('\n')}\n`;
}

export function record(obj: Record<string, unknown>): string {
  const width = Math.max(...Object.keys(obj).map((k) => k.length));
  return `${Object.entries(obj)
    .map(([k, v]) => `${k.padEnd(width)}  ${cell(v)}`)
    .join('\n')}\n`;
}

export interface Printer {
  json: boolean;
  /** A list: a table of `columns` (or every scalar field), or the JSON. */
  list(data: { results: Array<Record<string, unknown>> } & Record<string, unknown>, columns?: string[]): void;
  /** One object. */
  one(data: unknown): void;
  /** A line for people (stderr), never in the way of --json output. */
  note(text: string): void;
}

export function printer(json: boolean): Printer {
  const out = (s: string) => void process.stdout.write(s);
  return {
    json,
    list: (data, columns) => out(json ? `${JSON.stringify(data)}\n` : table(data.results, columns)),
    one: (data) => out(json ? `${JSON.stringify(data)}\n` : typeof data === 'object' && data !== null ? record(data as Record<string, unknown>) : `${cell(data)}\n`),
    note: (text) => void process.stderr.write(`${text}\n`),
  };
}
