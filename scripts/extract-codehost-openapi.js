#!/usr/bin/env node
// Regenerates src/sandbox/standins/fixtures/codehost-openapi.json: the slice of GitHub's published REST
// description (npm package @octokit/openapi) that the code-host stand-in serves. The package is
// ~385 MB unpacked, so it is never a dependency: `npm pack` fetches the tarball into a temporary
// directory (npm checks its integrity against the registry), `tar` extracts the one dereferenced
// description we need, and only the operations listed below are kept, without the prose.
//
//   npm run standins:extract
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PACKAGE = '@octokit/openapi';
const VERSION = '23.0.2';
const DESCRIPTION = 'package/generated/api.github.com.deref.json';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const output = path.join(root, 'src/sandbox/standins/fixtures/codehost-openapi.json');

// Every operation the stand-in answers. Hangar's codehost tool steps and API Call rely on these.
const OPERATIONS = [
  'GET /user',
  'GET /rate_limit',
  'GET /user/repos',
  'POST /user/repos',
  'POST /orgs/{org}/repos',
  'GET /repos/{owner}/{repo}',
  'GET /repos/{owner}/{repo}/contents/{path}',
  'PUT /repos/{owner}/{repo}/contents/{path}',
  'DELETE /repos/{owner}/{repo}/contents/{path}',
  'PUT /user/starred/{owner}/{repo}',
  'GET /repos/{owner}/{repo}/branches',
  'GET /repos/{owner}/{repo}/branches/{branch}',
  'GET /repos/{owner}/{repo}/git/ref/{ref}',
  'POST /repos/{owner}/{repo}/git/refs',
  'GET /repos/{owner}/{repo}/commits',
  'GET /repos/{owner}/{repo}/commits/{ref}',
  'GET /repos/{owner}/{repo}/issues',
  'POST /repos/{owner}/{repo}/issues',
  'GET /repos/{owner}/{repo}/issues/{issue_number}',
  'PATCH /repos/{owner}/{repo}/issues/{issue_number}',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'GET /search/issues',
  'GET /repos/{owner}/{repo}/pulls',
  'POST /repos/{owner}/{repo}/pulls',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}',
  'PATCH /repos/{owner}/{repo}/pulls/{pull_number}',
  'PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
  'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
  'PUT /repos/{owner}/{repo}/actions/workflows/{workflow_id}/enable',
  'PUT /repos/{owner}/{repo}/actions/workflows/{workflow_id}/disable',
  'GET /repos/{owner}/{repo}/actions/runs',
  'GET /repos/{owner}/{repo}/actions/runs/{run_id}',
  'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
  'POST /gists',
  'PATCH /gists/{gist_id}',
  'GET /users/{username}/gists',
  'GET /gists',
  'GET /repos/{owner}/{repo}/releases',
  'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
  'PUT /repos/{owner}/{repo}/collaborators/{username}',
  'DELETE /repos/{owner}/{repo}/collaborators/{username}',
  'GET /repos/{owner}/{repo}/hooks',
  'POST /repos/{owner}/{repo}/hooks',
  'GET /repos/{owner}/{repo}/hooks/{hook_id}',
  'PATCH /repos/{owner}/{repo}/hooks/{hook_id}',
  'DELETE /repos/{owner}/{repo}/hooks/{hook_id}',
  'GET /repos/{owner}/{repo}/hooks/{hook_id}/deliveries',
  'POST /repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}/attempts',
  'GET /orgs/{org}/hooks',
  'POST /orgs/{org}/hooks',
  'GET /orgs/{org}/hooks/{hook_id}',
  'PATCH /orgs/{org}/hooks/{hook_id}',
  'DELETE /orgs/{org}/hooks/{hook_id}',
  'GET /orgs/{org}/hooks/{hook_id}/deliveries',
  'POST /orgs/{org}/hooks/{hook_id}/deliveries/{delivery_id}/attempts',
];

// Prose and vendor annotations the stand-in never reads; dropping them keeps the fixture small.
// `x-multi-segment` stays: it says which path parameters may contain slashes.
const DROP = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs']);
// Inside `properties` the keys are field names (an issue's `title`, a gist's `description`), not
// annotations, so they are all kept.
function strip(node, fieldNames = false) {
  if (Array.isArray(node)) return node.map((n) => strip(n));
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (!fieldNames && (DROP.has(key) || (key.startsWith('x-') && key !== 'x-multi-segment'))) continue;
    out[key] = strip(value, !fieldNames && (key === 'properties' || key === 'patternProperties'));
  }
  return out;
}

/**
 * The dereferenced description repeats shared schemas (a repository, a user) in every operation.
 * Subtrees that occur more than once are hoisted into `$defs` and referenced, so the fixture stays
 * small and a validator compiles each shared schema once.
 */
function hoist(operations) {
  const MIN = 400;
  // Only schema positions are candidates: a `properties` map or an `enum` list is not a schema.
  const children = (schema, visit) => {
    const out = { ...schema };
    for (const key of ['properties', 'patternProperties']) {
      if (schema[key]) out[key] = Object.fromEntries(Object.entries(schema[key]).map(([k, v]) => [k, visit(v)]));
    }
    for (const key of ['items', 'additionalProperties', 'not']) {
      if (schema[key] && typeof schema[key] === 'object') out[key] = visit(schema[key]);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      if (Array.isArray(schema[key])) out[key] = schema[key].map(visit);
    }
    return out;
  };
  const counts = new Map();
  const count = (schema) => {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
    children(schema, count);
    const key = JSON.stringify(schema);
    if (key.length >= MIN) counts.set(key, (counts.get(key) ?? 0) + 1);
    return schema;
  };
  const defs = {};
  const names = new Map();
  const replace = (schema) => {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
    const key = JSON.stringify(schema);
    if ((counts.get(key) ?? 0) < 2) return children(schema, replace);
    let name = names.get(key);
    if (!name) {
      name = `s${createHash('sha1').update(key).digest('hex').slice(0, 10)}`;
      names.set(key, name);
      defs[name] = children(schema, replace);
    }
    return { $ref: `#/$defs/${name}` };
  };
  const schemasOf = (op, visit) => ({
    ...op,
    requestBody: op.requestBody && { ...op.requestBody, schema: visit(op.requestBody.schema) },
    responses: Object.fromEntries(Object.entries(op.responses).map(([status, schema]) => [status, visit(schema)])),
  });
  operations.forEach((op) => schemasOf(op, count));
  return { operations: operations.map((op) => schemasOf(op, replace)), defs };
}

function slice(description) {
  return OPERATIONS.map((line) => {
    const [method, template] = line.split(' ');
    const op = description.paths[template]?.[method.toLowerCase()];
    if (!op) throw new Error(`${line} is not in ${PACKAGE}@${VERSION}`);
    const responses = {};
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      if (!status.startsWith('2')) continue;
      responses[status] = response.content?.['application/json']?.schema ? strip(response.content['application/json'].schema) : null;
    }
    const body = op.requestBody?.content?.['application/json'];
    return {
      operationId: op.operationId,
      method,
      path: template,
      parameters: (op.parameters ?? []).map((p) => strip({ name: p.name, in: p.in, required: p.required ?? false, schema: p.schema, 'x-multi-segment': p['x-multi-segment'] })),
      requestBody: body ? { required: op.requestBody.required ?? false, schema: strip(body.schema) } : null,
      responses,
    };
  });
}

function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'codehost-openapi-'));
  try {
    execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--pack-destination', dir, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack produced no tarball');
    execFileSync('tar', ['-xzf', path.join(dir, tarball), '-C', dir, DESCRIPTION], { stdio: 'inherit' });
    const description = JSON.parse(readFileSync(path.join(dir, DESCRIPTION), 'utf8'));
    const { operations, defs } = hoist(slice(description));
    // One operation or shared schema per line: reviewable diffs when the pinned version moves.
    const text =
      `{"source":${JSON.stringify(`${PACKAGE}@${VERSION} ${DESCRIPTION.replace('package/', '')}`)},"openapi":${JSON.stringify(description.openapi)},\n` +
      `"operations":[\n${operations.map((o) => JSON.stringify(o)).join(',\n')}\n],\n` +
      `"$defs":{\n${Object.entries(defs).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',\n')}\n}}\n`;
    writeFileSync(output, text);
    console.log(`wrote ${path.relative(root, output)}: ${operations.length} operations, ${Object.keys(defs).length} shared schemas, ${(text.length / 1024).toFixed(0)} KiB`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
