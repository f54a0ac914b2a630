// Renders a JSON schema's properties as labelled inputs. Strings stay strings, so a value may be a
// `{{params.x}}` or `{{steps.<name>.output.y}}` reference; arrays and objects are edited as JSON.
import { useId, type ReactNode } from 'react';
import type { JsonSchema } from './api/index.ts';

export type Values = Record<string, unknown>;

const typeOf = (s: JsonSchema): string => {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  if (s.properties) return 'object';
  const alt = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  return alt?.length ? typeOf(alt[0]) : 'string';
};

/** The text shown in an input for a stored value. */
function display(value: unknown, type: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (type === 'array' || type === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

/** The value stored for typed text: numbers and booleans parsed unless the text is a reference. */
function parse(text: string, type: string): unknown {
  if (text === '') return undefined;
  if (/\{\{.*\}\}/.test(text) && !text.trim().startsWith('[') && !text.trim().startsWith('{')) return text;
  if (type === 'integer' || type === 'number') return Number.isFinite(Number(text)) ? Number(text) : text;
  if (type === 'array' || type === 'object') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** `adorn`: what goes under a field's input (a step's reference tools), given the field. */
export function SchemaForm({ schema, values, onChange, idPrefix, readOnly, adorn }: { schema: JsonSchema; values: Values; onChange: (v: Values) => void; idPrefix?: string; readOnly?: boolean; adorn?: (field: { id: string; label: string; value: unknown; text: boolean }) => ReactNode }) {
  const auto = useId();
  const prefix = idPrefix ?? auto;
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) return <p className="muted">No inputs.</p>;
  const required = new Set(schema.required ?? []);
  const set = (name: string, v: unknown) => {
    const next = { ...values };
    if (v === undefined) delete next[name];
    else next[name] = v;
    onChange(next);
  };
  return (
    <div className="schema-form">
      {props.map(([name, s]) => {
        const type = typeOf(s);
        const id = `${prefix}-${name}`;
        const label = `${s.title ?? name}${required.has(name) ? ' (required)' : ''}`;
        const hint = [s.description, type === 'array' || type === 'object' ? `JSON ${type}` : ''].filter(Boolean).join(' — ');
        const value = values[name];
        let input;
        if (s.enum) {
          input = (
            <select id={id} disabled={readOnly} value={display(value, type)} onChange={(e) => set(name, e.target.value === '' ? undefined : parse(e.target.value, type))}>
              <option value="">—</option>
              {s.enum.map((o) => (
                <option key={String(o)} value={String(o)}>
                  {String(o)}
                </option>
              ))}
            </select>
          );
        } else if (type === 'boolean') {
          input = (
            <select id={id} disabled={readOnly} value={value === undefined ? '' : String(value)} onChange={(e) => set(name, e.target.value === '' ? undefined : e.target.value === 'true' ? true : e.target.value === 'false' ? false : e.target.value)}>
              <option value="">—</option>
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
          );
        } else if (type === 'array' || type === 'object') {
          input = <textarea id={id} readOnly={readOnly} className="mono" rows={3} value={display(value, type)} onChange={(e) => set(name, parse(e.target.value, type))} />;
        } else {
          input = <input id={id} readOnly={readOnly} value={display(value, type)} onChange={(e) => set(name, parse(e.target.value, type))} />;
        }
        return (
          <div className="field" key={name}>
            <label htmlFor={id}>{label}</label>
            {input}
            {adorn?.({ id, label, value, text: !s.enum && type !== 'boolean' })}
            {hint ? <p className="hint">{hint}</p> : null}
          </div>
        );
      })}
    </div>
  );
}
