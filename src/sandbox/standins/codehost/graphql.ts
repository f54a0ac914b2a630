// POST /graphql, the part Hangar uses: the `updateProjectV2ItemFieldValue` mutation (Update Project
// (V2) Item Status) and `viewer { login }`. Answers follow GraphQL over HTTP as GitHub does it:
// 200 with `data` and/or `errors`, NOT_FOUND errors for unknown node ids.
import { reply, type Reply } from '../base.ts';
import type { Account, Model } from './model.ts';

type Value = string | number | boolean | null | Value[] | { [k: string]: Value };

interface GqlError {
  message: string;
  type?: string;
  path?: string[];
  locations?: Array<{ line: number; column: number }>;
  extensions?: Record<string, unknown>;
}

class SyntaxFailure extends Error {}

/** Reads GraphQL argument values (literals and $variables); enough of the grammar for mutation inputs. */
class ValueReader {
  pos = 0;
  constructor(private src: string, private variables: Record<string, unknown>) {}

  skip(): void {
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === '#') while (this.pos < this.src.length && this.src[this.pos] !== '\n') this.pos++;
      else if (/[\s,]/.test(c)) this.pos++;
      else break;
    }
  }

  expect(ch: string): void {
    this.skip();
    if (this.src[this.pos] !== ch) throw new SyntaxFailure(`Expected "${ch}" at ${this.location()}`);
    this.pos++;
  }

  name(): string {
    this.skip();
    const m = /^[_A-Za-z][_0-9A-Za-z]*/.exec(this.src.slice(this.pos));
    if (!m) throw new SyntaxFailure(`Expected a name at ${this.location()}`);
    this.pos += m[0].length;
    return m[0];
  }

  value(): Value {
    this.skip();
    const c = this.src[this.pos];
    if (c === '$') {
      this.pos++;
      const v = this.variables[this.name()];
      return (v === undefined ? null : v) as Value;
    }
    if (c === '"') {
      const m = /^"(?:[^"\\\n]|\\.)*"/.exec(this.src.slice(this.pos));
      if (!m) throw new SyntaxFailure(`Unterminated string at ${this.location()}`);
      this.pos += m[0].length;
      return JSON.parse(m[0]) as string;
    }
    if (c === '[') {
      this.pos++;
      const list: Value[] = [];
      for (this.skip(); this.src[this.pos] !== ']'; this.skip()) {
        if (this.pos >= this.src.length) throw new SyntaxFailure('Unterminated list');
        list.push(this.value());
      }
      this.pos++;
      return list;
    }
    if (c === '{') return this.object('{', '}');
    const num = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(this.src.slice(this.pos));
    if (num) {
      this.pos += num[0].length;
      return Number(num[0]);
    }
    const word = this.name();
    return word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : word;
  }

  /** `{ a: v, b: v }` or an argument list `( a: v )`. */
  object(open: string, close: string): { [k: string]: Value } {
    this.expect(open);
    const out: { [k: string]: Value } = {};
    for (this.skip(); this.src[this.pos] !== close; this.skip()) {
      if (this.pos >= this.src.length) throw new SyntaxFailure(`Expected "${close}"`);
      const key = this.name();
      this.expect(':');
      out[key] = this.value();
    }
    this.pos++;
    return out;
  }

  location(at = this.pos): { line: number; column: number } {
    const before = this.src.slice(0, at).split('\n');
    return { line: before.length, column: before[before.length - 1].length + 1 };
  }
}

const gql = (data: unknown, errors?: GqlError[]): Reply => reply(200, errors ? (data === undefined ? { errors } : { data, errors }) : { data });

function balanced(query: string): boolean {
  let depth = 0;
  for (const c of query.replace(/"(?:[^"\\]|\\.)*"/g, '').replace(/#.*$/gm, '')) {
    if (c === '{' || c === '(') depth++;
    if (c === '}' || c === ')') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

function updateItemField(model: Model, reader: ValueReader, at: { line: number; column: number }): Reply {
  const args = reader.object('(', ')');
  const input = args.input as Record<string, Value> | null | undefined;
  const path = ['updateProjectV2ItemFieldValue'];
  const problems = ['projectId', 'itemId', 'fieldId', 'value'].filter((k) => input?.[k] === undefined || input?.[k] === null);
  if (!input || problems.length) {
    return gql(undefined, [{ message: `Argument 'input' on Field 'updateProjectV2ItemFieldValue' has an invalid value. Expected type 'UpdateProjectV2ItemFieldValueInput!'. Missing: ${problems.join(', ') || 'input'}`, path: ['mutation', ...path, 'input'], locations: [at], extensions: { code: 'argumentLiteralsIncompatible', typeName: 'Field', argumentName: 'input' } }]);
  }
  const notFound = (id: Value): Reply => gql({ updateProjectV2ItemFieldValue: null }, [{ type: 'NOT_FOUND', path, locations: [at], message: `Could not resolve to a node with the global id of '${id}'` }]);
  const project = model.projects.get(String(input.projectId));
  if (!project) return notFound(input.projectId);
  const item = project.items.get(String(input.itemId));
  if (!item) return notFound(input.itemId);
  const field = project.fields.find((f) => f.id === input.fieldId);
  if (!field) return notFound(input.fieldId);
  const value = input.value as Record<string, Value>;
  const optionId = value && typeof value === 'object' ? value.singleSelectOptionId : undefined;
  if (typeof optionId !== 'string') {
    return gql({ updateProjectV2ItemFieldValue: null }, [{ type: 'UNPROCESSABLE', path, locations: [at], message: `The field ${field.name} is a single select field; value must set singleSelectOptionId` }]);
  }
  if (!field.options.some((o) => o.id === optionId)) {
    return gql({ updateProjectV2ItemFieldValue: null }, [{ type: 'UNPROCESSABLE', path, locations: [at], message: `The single select option Id does not belong to the field` }]);
  }
  item.set(field.id, optionId);
  return gql({ updateProjectV2ItemFieldValue: { projectV2Item: { id: String(input.itemId) } } });
}

export function graphql(model: Model, viewer: Account, body: unknown): Reply {
  const { query, variables } = (body ?? {}) as { query?: unknown; variables?: unknown };
  if (typeof query !== 'string') return gql(undefined, [{ message: 'A query attribute must be specified and must be a string.' }]);
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return gql(undefined, [{ message: 'Variables are invalid JSON.' }]);
  }
  if (!balanced(query)) return gql(undefined, [{ message: 'Parse error on unbalanced braces or parentheses', locations: [{ line: 1, column: 1 }] }]);
  const isMutation = /^\s*(#.*\n\s*)*mutation\b/.test(query);
  const reader = new ValueReader(query, (variables ?? {}) as Record<string, unknown>);
  try {
    const mutation = /\bupdateProjectV2ItemFieldValue\s*(?=\()/.exec(query);
    if (mutation) {
      if (!isMutation) return gql(undefined, [{ message: "Field 'updateProjectV2ItemFieldValue' doesn't exist on type 'Query'", path: ['query'], extensions: { code: 'undefinedField', typeName: 'Query', fieldName: 'updateProjectV2ItemFieldValue' } }]);
      reader.pos = mutation.index + mutation[0].length;
      return updateItemField(model, reader, reader.location(mutation.index));
    }
    // The first field of the selection set names what is asked for.
    const first = /^[^{]*\{\s*([_A-Za-z][_0-9A-Za-z]*)/.exec(query.replace(/#.*$/gm, ''))?.[1];
    if (!isMutation && first === 'viewer') return gql({ viewer: { login: viewer.login, name: viewer.name, id: `U_${viewer.id}` } });
    const type = isMutation ? 'Mutation' : 'Query';
    return gql(undefined, [{ message: `Field '${first ?? ''}' doesn't exist on type '${type}'`, path: [isMutation ? 'mutation' : 'query', first ?? ''], extensions: { code: 'undefinedField', typeName: type, fieldName: first } }]);
  } catch (err) {
    if (err instanceof SyntaxFailure) return gql(undefined, [{ message: `Parse error: ${err.message}` }]);
    throw err;
  }
}
