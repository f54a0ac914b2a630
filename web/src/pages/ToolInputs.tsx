// A tool's inputs: rows (name, type, required, description) for the schemas they can say, and the
// raw JSON Schema under "Advanced". The text is what is saved; the rows are written into it as they
// change, and read back from it when it is edited by hand.
import { useEffect, useRef, useState } from 'react';
import type { JsonSchema } from '../api/index.ts';
import { Button, Field } from '../ui.tsx';

export interface InputRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

const TYPES: Array<[string, string]> = [
  ['string', 'Text'],
  ['number', 'Number'],
  ['integer', 'Whole number'],
  ['boolean', 'Yes / no'],
  ['array', 'List (JSON)'],
  ['object', 'Object (JSON)'],
];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The rows a schema reads as, or null when rows would lose part of it (a nested object's
 * properties, an enum, a default, a format…): such a schema is edited in Advanced only.
 */
export function rowsOf(schema: unknown): InputRow[] | null {
  if (!isRecord(schema) || schema.type !== 'object') return null;
  if (Object.keys(schema).some((k) => !['type', 'properties', 'required'].includes(k))) return null;
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  if (!isRecord(properties) || !Array.isArray(required)) return null;
  const rows: InputRow[] = [];
  for (const [name, p] of Object.entries(properties)) {
    if (!isRecord(p) || typeof p.type !== 'string' || !TYPES.some(([t]) => t === p.type)) return null;
    if (Object.keys(p).some((k) => k !== 'type' && k !== 'description') || (p.description !== undefined && typeof p.description !== 'string')) return null;
    rows.push({ name, type: p.type, required: required.includes(name), description: (p.description as string | undefined) ?? '' });
  }
  if (required.some((r) => typeof r !== 'string' || !(r in properties))) return null;
  return rows;
}

/** The schema of the rows; a row not named yet is left out until it is. */
export function schemaOf(rows: InputRow[]): JsonSchema {
  const named = rows.filter((r) => r.name.trim() !== '');
  const properties = Object.fromEntries(named.map((r) => [r.name.trim(), { type: r.type, ...(r.description ? { description: r.description } : {}) }]));
  const required = [...new Set(named.filter((r) => r.required).map((r) => r.name.trim()))];
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** The names of the inputs a schema declares (the `{{params.x}}` a step can read). */
export function paramNames(schemaText: string): string[] {
  try {
    const schema = JSON.parse(schemaText) as unknown;
    return isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
  } catch {
    return [];
  }
}

export function ToolInputs({ schemaText, onChange }: { schemaText: string; onChange: (text: string) => void }) {
  const parsed = parse(schemaText);
  // Rows as typed (a row may have no name yet, which the schema cannot hold), while they match the text.
  const [typed, setTyped] = useState<{ rows: InputRow[]; text: string } | null>(null);
  const rows = typed && typed.text === schemaText ? typed.rows : parsed.ok ? rowsOf(parsed.value) : null;
  const [advanced, setAdvanced] = useState(rows === null);
  const setRows = (next: InputRow[]) => {
    const text = JSON.stringify(schemaOf(next), null, 2);
    setTyped({ rows: next, text });
    onChange(text);
  };
  const names = (rows ?? []).map((r) => r.name.trim());
  // A row just added takes the focus on its name.
  const list = useRef<HTMLOListElement>(null);
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus();
    setAdded(false);
  }, [added]);
  return (
    <section aria-labelledby="inputs-h" className="tool-inputs">
      <h2 id="inputs-h">Inputs</h2>
      {rows === null ? (
        <p className="note">
          {parsed.ok
            ? 'This schema says more than rows can show (nested objects, choices, defaults or formats): it is kept as it is, and edited under Advanced.'
            : 'The JSON Schema under Advanced is not valid JSON yet: correct it there to edit the inputs as rows.'}
        </p>
      ) : (
        <>
          {rows.length === 0 ? <p className="muted">No inputs: the tool takes none. Steps read an input as {'{{params.<name>}}'}.</p> : null}
          <ol className="input-rows" ref={list}>
            {rows.map((row, i) => {
              const set = (change: Partial<InputRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
              const duplicate = row.name.trim() !== '' && names.indexOf(row.name.trim()) !== i;
              return (
                <li key={i}>
                  <fieldset className="input-row">
                    <legend className="sr-only">Input {i + 1}</legend>
                    <Field label="Name" hint={duplicate ? 'Another input has this name.' : row.name.trim() === '' ? 'Name it to use it.' : undefined}>
                      {(id) => (
                        <input
                          id={id}
                          className="mono"
                          required
                          pattern="[A-Za-z_][A-Za-z0-9_\-]*"
                          aria-invalid={duplicate || undefined}
                          // Two inputs of one name would save as one: Save asks for another name first.
                          ref={(el) => el?.setCustomValidity(duplicate ? 'Another input has this name.' : '')}
                          value={row.name}
                          onChange={(e) => set({ name: e.target.value })}
                        />
                      )}
                    </Field>
                    <Field label="Type">
                      {(id) => (
                        <select id={id} value={row.type} onChange={(e) => set({ type: e.target.value })}>
                          {TYPES.map(([t, label]) => (
                            <option key={t} value={t}>
                              {label}
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                    <Field label="Description">{(id) => <input id={id} value={row.description} onChange={(e) => set({ description: e.target.value })} />}</Field>
                    <label className="check">
                      <input type="checkbox" checked={row.required} onChange={(e) => set({ required: e.target.checked })} /> Required
                    </label>
                    <Button variant="link" onClick={() => setRows(rows.filter((_, j) => j !== i))} aria-label={`Remove input ${row.name.trim() || i + 1}`}>
                      Remove
                    </Button>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <Button
            onClick={() => {
              setRows([...rows, { name: '', type: 'string', required: false, description: '' }]);
              setAdded(true);
            }}
          >
            Add input
          </Button>
        </>
      )}
      <details className="advanced" open={advanced} onToggle={(e) => setAdvanced(e.currentTarget.open)}>
        <summary>Advanced: the inputs as JSON Schema</summary>
        <Field label="Params schema (JSON)" hint={parsed.ok ? 'The rows above write this, and read it back when it is edited here.' : 'Not valid JSON yet.'}>
          {(id) => <textarea id={id} className="mono" rows={8} aria-invalid={!parsed.ok || undefined} value={schemaText} onChange={(e) => onChange(e.target.value)} />}
        </Field>
      </details>
    </section>
  );
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
