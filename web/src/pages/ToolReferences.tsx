// References in a step's inputs: a picker that writes `{{params.x}}` or `{{steps.<name>.output.…}}`
// at the cursor, and under each field what its references resolved to in the last run. Resolution
// follows src/tools/templating.ts: a dotted path into {params, steps: {<name>: {output}}}.
import { createContext, useContext } from 'react';
import { Menu } from '../ui.tsx';

/** What the last run on this page read: the params it was given and each step's output. */
export interface LastRun {
  params: Record<string, unknown>;
  steps: Record<string, unknown>;
}

interface StepRefs {
  offered: string[];
  lastRun: LastRun | null;
}
const Refs = createContext<StepRefs>({ offered: [], lastRun: null });
export const StepRefsProvider = Refs.Provider;

const REFERENCE = /\{\{\s*([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*\}\}/g;
const KEY = /^[\w-]+$/;
const MAX_FIELDS = 40;

/** The paths into a step's output worth offering, shallow ones first: its fields, nested ones, a list's first item. */
function fieldsOf(output: unknown, root: string): string[] {
  const found: string[] = [];
  let level: Array<[string, unknown]> = [[root, output]];
  for (let depth = 0; depth < 5 && level.length && found.length < MAX_FIELDS; depth++) {
    const next: Array<[string, unknown]> = [];
    for (const [path, value] of level) {
      if (value === null || typeof value !== 'object') continue;
      const entries = Array.isArray(value) ? value.slice(0, 1).map((v, i) => [String(i), v] as const) : Object.entries(value);
      for (const [key, v] of entries) if (KEY.test(key)) next.push([`${path}.${key}`, v]);
    }
    found.push(...next.slice(0, MAX_FIELDS - found.length).map(([path]) => path));
    level = next;
  }
  return found;
}

/**
 * The references a step may use: the tool's params, then for each earlier step its output and, when
 * the last run reached that step, the fields that output had.
 */
export function offeredRefs(params: string[], earlier: string[], lastRun: LastRun | null): string[] {
  const refs = params.filter((p) => KEY.test(p)).map((p) => `params.${p}`);
  for (const step of earlier) {
    refs.push(`steps.${step}.output`);
    if (lastRun && step in lastRun.steps) refs.push(...fieldsOf(lastRun.steps[step], `steps.${step}.output`));
  }
  return refs;
}

function lookup(run: LastRun, path: string): { reached: boolean; value: unknown } {
  const [root, step] = path.split('.');
  if (root === 'steps' && !(step in run.steps)) return { reached: false, value: undefined };
  let value: unknown = { params: run.params, steps: Object.fromEntries(Object.entries(run.steps).map(([k, v]) => [k, { output: v }])) };
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return { reached: true, value: undefined };
    value = (value as Record<string, unknown>)[key];
  }
  return { reached: true, value };
}

function shown(found: { reached: boolean; value: unknown }): string {
  if (!found.reached) return 'not reached in the last run';
  const v = found.value;
  if (v === undefined || v === null || v === '') return 'empty';
  const text = JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** A field's references in its text (a JSON field's value is its JSON). */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

/**
 * Under a step's field: what its references resolved to in the last run, and the picker writing a
 * reference at the field's cursor. The field is written through its own input event, so it changes
 * as if typed (its onChange parses and stores it like any other text).
 */
export function RefTools({ targetId, label, text }: { targetId: string; label: string; text: string }) {
  const { offered, lastRun } = useContext(Refs);
  const used = [...new Set([...text.matchAll(REFERENCE)].map((m) => m[1]))];
  const insert = (ref: string) => {
    const field = document.getElementById(targetId);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    field.focus();
    field.setRangeText(`{{${ref}}}`, start, end, 'end');
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  if (!offered.length && !(lastRun && used.length)) return null;
  return (
    <div className="ref-tools">
      {lastRun && used.length ? (
        <ul className="resolved" aria-label={`${label}: resolved in the last run`}>
          {used.map((ref) => (
            <li key={ref}>
              {used.length > 1 ? <code>{`{{${ref}}}`}</code> : null} → {shown(lookup(lastRun, ref))}
            </li>
          ))}
        </ul>
      ) : null}
      {offered.length ? <Menu label={`Insert reference into ${label}`} button="Insert reference" items={offered.map((ref) => ({ label: `{{${ref}}}`, onSelect: () => insert(ref) }))} /> : null}
    </div>
  );
}
