// SCIM hardening, from a probe of /scim/v2: a member named in a PATCH value filter in upper case is
// the same member (removing them takes the roles group rules granted); the per-request member limit
// holds whatever shape the PATCH value has; deadlocks and serialization failures answer 503 in SCIM's
// error form as the contract's routes answer them in its body, and lone surrogates are never a 5xx
// (all through a real server: the failures raised by PostgreSQL itself); a malformed URL under /scim/v2 is
// SCIM's 400, not the contract's body; a PATCH naming attributes in another case (Entra's `Members`,
// `{"DisplayName": …}`, `Active`, `Name.GivenName`) changes them (RFC 7643 §2.1).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { bearer, bootstrap, call, expectError, startServer, type Org, type Reply, type TestServer } from '../helpers/hangar.ts';
import { createScimToken, expectScimError, invitedPerson } from './identity-kit.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

let server: TestServer;
let org: Org;
let projectId: string;
let token: string;

async function scim(method: string, path: string, body?: unknown, options: { token?: string } = {}): Promise<Reply> {
  return call(server, method, `/scim/v2${path}`, { authorization: `Bearer ${options.token ?? token}`, headers: { 'content-type': 'application/scim+json' }, ...(body !== undefined ? { raw: JSON.stringify(body) } : {}) });
}

/** Everything a group PATCH could have changed, to show that a refused one changed nothing. */
async function snapshot() {
  const db = server.db.kysely;
  const groups = await db.selectFrom('directory_groups').select(['id', 'display_name', 'scim_version']).orderBy('id').execute();
  const members = await db.selectFrom('directory_group_members').selectAll().orderBy('group_id').orderBy('user_id').execute();
  return JSON.stringify({ groups, members });
}

const noUnhandledError = () => assert.deepEqual(server.logs.filter((l) => /"level":50/.test(l)), [], 'no unhandled error');

before(async () => {
  server = await startServer();
  org = await bootstrap(server, undefined, 'admin password');
  projectId = (await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Hardening', organization_id: org.organization_id } })).body.project_id;
  token = (await createScimToken(server, org, 'Okta')).token;
});

after(() => server.close());

describe('member ids in PATCH value filters', () => {
  test('members[value eq "<ID IN UPPER CASE>"] removes that member, and the role the group rule granted goes with them', async () => {
    const p = await invitedPerson(server, org, projectId, 'upper.case@example.test');
    const ruled = (await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Ruled', organization_id: org.organization_id } })).body.project_id;
    const rule = await call(server, 'POST', `/latest/organizations/${org.organization_id}/sso/group_rules/create`, { authorization: `Bearer :${org.api_key}`, body: { group: 'Upper Crew', project_id: ruled, role: 'role:editor' } });
    assert.equal(rule.status, 200, JSON.stringify(rule.body));
    const info = () => call(server, 'GET', '/latest/auth/info', { authorization: bearer(ruled, p.key) });

    const group = await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Upper Crew', members: [{ value: p.userId }, { value: org.user_id }] });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    const gid = group.body.id;
    assert.equal((await info()).status, 200, 'the rule granted the role');

    const upper = p.userId.toUpperCase();
    assert.notEqual(upper, p.userId);
    const removed = await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${upper}"]` }] });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual(removed.body.members.map((m: any) => m.value), [org.user_id], 'the member is gone, the other stays');
    expectError(await info(), 403, 'forbidden');

    // RFC 7644 §3.5.2.2 removes "the values matched by the filter": matching none removes nothing and
    // succeeds, so an identity provider repeating an unassignment is not failed.
    const version = (await scim('GET', `/Groups/${gid}`)).body.meta.version;
    const again = await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${upper}"]` }] });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual(again.body.members.map((m: any) => m.value), [org.user_id]);
    assert.equal(again.body.meta.version, version, 'nothing changed');

    // Added back under a filter in upper case, and removed by a single {value} in upper case.
    const readded = await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: { value: upper } }] });
    assert.equal(readded.status, 200, JSON.stringify(readded.body));
    assert.deepEqual(readded.body.members.map((m: any) => m.value).sort(), [org.user_id, p.userId].sort());
    assert.equal((await info()).status, 200);
    const single = await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: 'members', value: { value: upper } }] });
    assert.equal(single.status, 200, JSON.stringify(single.body));
    assert.deepEqual(single.body.members.map((m: any) => m.value), [org.user_id]);
    expectError(await info(), 403, 'forbidden');

    // A filter joining several ids, in any case, and the admin's id in mixed case.
    await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: p.userId }] }] });
    const mixed = org.user_id.replace(/[a-f]/g, (c, i) => (i % 2 ? c.toUpperCase() : c));
    const both = await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'Remove', path: `members[value eq "${upper}" or value eq "${mixed}"]` }] });
    assert.equal(both.status, 200, JSON.stringify(both.body));
    assert.deepEqual(both.body.members ?? [], []);

    // A replace through a filter naming a member in upper case finds that member (no noTarget).
    await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: p.userId }] }] });
    const replaced = await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: `members[value eq "${upper}"]`, value: { value: org.user_id } }] });
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.deepEqual(replaced.body.members.map((m: any) => m.value), [org.user_id]);
    expectError(await info(), 403, 'forbidden');
    noUnhandledError();
  });
});

describe('the member limit of a group PATCH', () => {
  test('more than 10,000 members in a path-less value, under the core URN, or added by any shape: 400 invalidValue, nothing changed', async () => {
    // An organization of its own with 12,000 users, so the ids are real and only the limit refuses them.
    const big = await bootstrap(server);
    const bigToken = (await createScimToken(server, big, 'limit')).token;
    const rows = await sql<{ id: string }>`INSERT INTO users (organization_id, email) SELECT ${big.organization_id}::uuid, 'limit-' || g || '@limit.test' FROM generate_series(1, 12000) g RETURNING id`.execute(server.db.kysely);
    const members = rows.rows.map((r) => ({ value: r.id }));
    const group = await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Limit', members: [] }, { token: bigToken });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    const patch = (Operations: unknown[]) => scim('PATCH', `/Groups/${group.body.id}`, { schemas: [PATCH], Operations }, { token: bigToken });
    const before = await snapshot();

    for (const operations of [
      [{ op: 'replace', value: { members } }],
      [{ op: 'add', value: { members } }],
      [{ op: 'replace', value: { displayName: 'Limit', [`${GROUP}:members`]: members } }],
      // Under the limit in each operation, over it together.
      [
        { op: 'add', value: { members: members.slice(0, 6000) } },
        { op: 'add', path: 'members', value: members.slice(6000) },
      ],
    ]) {
      const detail = expectScimError(await patch(operations), 400, 'invalidValue');
      assert.match(detail, /at most 10000 members/);
    }
    assert.equal(await snapshot(), before, 'nothing changed');

    // The limit is on what one request names, not on the group: one that batches grew past 10,000
    // (written here directly) still takes a filtered remove and a path-less add.
    await server.db.kysely.insertInto('directory_group_members').values(members.slice(1).map((m) => ({ group_id: group.body.id, user_id: m.value }))).execute();
    const count = async () => Number((await server.db.kysely.selectFrom('directory_group_members').select((eb) => eb.fn.countAll<string>().as('n')).where('group_id', '=', group.body.id).executeTakeFirstOrThrow()).n);
    const removed = await patch([{ op: 'remove', path: `members[value eq "${members[1].value.toUpperCase()}"]` }]);
    assert.equal(removed.status, 200, JSON.stringify(removed.body).slice(0, 300));
    assert.equal(await count(), 11_998);
    const added = await patch([{ op: 'add', value: { members: [members[0], members[1]] } }]);
    assert.equal(added.status, 200, JSON.stringify(added.body).slice(0, 300));
    assert.equal(await count(), 12_000);
    noUnhandledError();
  });
});

describe('attribute names in any case (RFC 7643 §2.1), as Entra ID sends them in some tenants', () => {
  test('Group: a path or path-less key naming members or displayName in another case changes the group', async () => {
    const a = await scim('POST', '/Users', { schemas: [USER], userName: 'case.a@example.test' });
    const b = await scim('POST', '/Users', { schemas: [USER], userName: 'case.b@example.test' });
    assert.equal(a.status, 201, JSON.stringify(a.body));
    assert.equal(b.status, 201, JSON.stringify(b.body));
    const group = await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Case Crew', members: [] });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    const gid = group.body.id;
    const patch = async (Operations: unknown[]) => {
      const r = await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const g = (await scim('GET', `/Groups/${gid}`)).body;
      return { displayName: g.displayName as string, members: (g.members ?? []).map((m: any) => m.value).sort() as string[] };
    };

    assert.deepEqual((await patch([{ op: 'add', path: 'Members', value: { value: a.body.id } }])).members, [a.body.id]);
    assert.deepEqual((await patch([{ op: 'add', value: { Members: [{ Value: b.body.id }] } }])).members, [a.body.id, b.body.id].sort());
    assert.equal((await patch([{ op: 'replace', value: { DisplayName: 'Case Crew Renamed' } }])).displayName, 'Case Crew Renamed');
    assert.equal((await patch([{ op: 'Replace', path: 'DISPLAYNAME', value: 'Case Crew' }])).displayName, 'Case Crew');
    assert.deepEqual((await patch([{ op: 'remove', path: `Members[Value eq "${a.body.id.toUpperCase()}"]` }])).members, [b.body.id]);
    assert.deepEqual((await patch([{ op: 'replace', value: { [`${GROUP}:Members`]: [{ value: a.body.id }] } }])).members, [a.body.id]);
    assert.deepEqual((await patch([{ op: 'remove', path: `${GROUP}:MEMBERS[value eq "${a.body.id}"]` }])).members, []);

    // An attribute the group does not define is refused (issue 33: a 200 does what it says), and a prototype name still refused, in any case.
    const before = await snapshot();
    expectScimError(await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'add', value: { NickName: 'x' } }] }), 400, 'invalidPath');
    expectScimError(await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'Members.Constructor', value: 'x' }] }), 400, 'invalidPath');
    expectScimError(await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'add', value: { Members: [{ __Proto__: { value: a.body.id } }] } }] }), 400, 'invalidPath');
    const after = JSON.parse(await snapshot());
    const was = JSON.parse(before);
    assert.deepEqual(after.members, was.members, 'no member changed');
    noUnhandledError();
  });

  test('User: Active, UserName, Name.GivenName and path-less capitalised keys change the user', async () => {
    const created = await scim('POST', '/Users', { schemas: [USER], userName: 'entra.case@example.test', name: { givenName: 'Ada', familyName: 'Lovelace' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    const patch = async (Operations: unknown[]) => {
      const r = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return (await scim('GET', `/Users/${id}`)).body;
    };

    assert.equal((await patch([{ op: 'replace', value: { Active: false } }])).active, false);
    assert.equal((await patch([{ op: 'Replace', path: 'Active', value: 'True' }])).active, true);
    assert.equal((await patch([{ op: 'replace', path: 'UserName', value: 'entra.renamed@example.test' }])).userName, 'entra.renamed@example.test');
    assert.equal((await patch([{ op: 'replace', path: 'Name.GivenName', value: 'Augusta' }])).name.givenName, 'Augusta');
    const keys = await patch([{ op: 'replace', value: { Name: { FamilyName: 'King' }, DisplayName: 'Augusta King', [`${USER}:UserName`]: 'entra.case@example.test' } }]);
    assert.equal(keys.name.familyName, 'King');
    assert.equal(keys.displayName, 'Augusta King');
    assert.equal(keys.userName, 'entra.case@example.test');
    assert.equal((await patch([{ op: 'replace', path: `${USER}:Active`, value: false }])).active, false);
    // emails (issue 33: the sign-in email): capitalised, it changes the work email, as in lower case.
    const emails = await patch([{ op: 'replace', path: 'Emails[Type eq "work"].Value', value: 'other@example.test' }]);
    assert.equal(emails.userName, 'entra.case@example.test');
    assert.deepEqual(emails.emails, [{ value: 'other@example.test', type: 'work', primary: true }]);
    expectScimError(await scim('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'Name.Constructor.Prototype', value: 'x' }] }), 400, 'invalidPath');
    noUnhandledError();
  });
});

describe('errors in SCIM form', () => {
  /**
   * Makes PostgreSQL fail as it does when it rolls a transaction back for a deadlock (40P01) or a
   * serialization failure (40001): a trigger on `table` raising it for a row whose `column` is one of
   * the probes. Runs `work`, then drops the trigger.
   */
  async function rollingBack(table: string, column: string, work: () => Promise<void>) {
    const db = server.db.kysely;
    await sql`CREATE FUNCTION scim_hardening_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF to_jsonb(NEW) ->> TG_ARGV[0] = 'Deadlock probe' THEN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END IF;
        IF to_jsonb(NEW) ->> TG_ARGV[0] = 'Serialization probe' THEN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER scim_hardening_fail BEFORE INSERT ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION scim_hardening_fail(${sql.lit(column)})`.execute(db);
    try {
      await work();
    } finally {
      await sql`DROP TRIGGER scim_hardening_fail ON ${sql.table(table)}`.execute(db);
      await sql`DROP FUNCTION scim_hardening_fail()`.execute(db);
    }
  }
  const PROBES = ['Deadlock probe', 'Serialization probe'];
  const rolledBackLogs = () => server.logs.filter((l) => /concurrent change rolled back/.test(l)).length;
  const outageLogs = () => server.logs.filter((l) => /database unavailable/.test(l));

  test('a deadlock or serialization failure PostgreSQL rolled back: SCIM 503 with Retry-After 1, nothing changed, and no outage', async () => {
    await rollingBack('directory_groups', 'display_name', async () => {
      const before = await snapshot();
      const logged = rolledBackLogs();
      for (const displayName of PROBES) {
        const r = await scim('POST', '/Groups', { schemas: [GROUP], displayName });
        const detail = expectScimError(r, 503);
        assert.match(detail, /rolled back; nothing was changed\. Send it again/);
        assert.equal(r.headers.get('retry-after'), '1');
      }
      assert.equal(await snapshot(), before, 'nothing changed');
      assert.deepEqual(outageLogs(), [], 'a rolled-back change is not an outage');
      assert.equal(rolledBackLogs(), logged + 2);
      noUnhandledError();
    });
  });

  test("outside SCIM, the contract's error body: the same 503 service_unavailable with Retry-After 1, nothing changed, and no outage", async () => {
    await rollingBack('projects', 'name', async () => {
      const projects = async () => (await server.db.kysely.selectFrom('projects').select('id').where('organization_id', '=', org.organization_id).execute()).length;
      const before = await projects();
      const logged = rolledBackLogs();
      for (const name of PROBES) {
        const r = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name, organization_id: org.organization_id } });
        const e = expectError(r, 503, 'service_unavailable');
        assert.match(e.message, /rolled back; nothing was changed\. Send it again/);
        assert.equal(e.error_audience, 'platform');
        assert.equal(r.headers.get('retry-after'), '1');
      }
      assert.equal(await projects(), before, 'nothing changed');
      assert.deepEqual(outageLogs(), [], 'a rolled-back change is not an outage');
      assert.equal(rolledBackLogs(), logged + 2);
      noUnhandledError();
    });
  });

  test("lone UTF-16 surrogates anywhere in a SCIM request: never a 5xx, and any refusal in SCIM's form", async () => {
    // Escaped in the JSON text, as a client that does not check its strings sends them; in a filter,
    // as the bytes a lone surrogate's UTF-8 would be (not valid UTF-8).
    const raw = (method: string, path: string, json: string) => call(server, method, `/scim/v2${path}`, { authorization: `Bearer ${token}`, headers: { 'content-type': 'application/scim+json' }, raw: json });
    const user = await scim('POST', '/Users', { schemas: [USER], userName: 'surrogate.target@example.test' });
    assert.equal(user.status, 201, JSON.stringify(user.body));
    const answers = [
      await raw('POST', '/Users', `{"schemas":["${USER}"],"userName":"lone\\ud800@example.test"}`),
      await raw('POST', '/Users', `{"schemas":["${USER}"],"userName":"name.ok@example.test","name":{"givenName":"\\udfff\\ud800"}}`),
      await raw('POST', '/Groups', `{"schemas":["${GROUP}"],"displayName":"Crew \\ud800"}`),
      await raw('PATCH', `/Users/${user.body.id}`, `{"schemas":["${PATCH}"],"Operations":[{"op":"replace","path":"displayName","value":"\\ud800"}]}`),
      await raw('PATCH', `/Users/${user.body.id}`, `{"schemas":["${PATCH}"],"Operations":[{"op":"replace","path":"name\\ud800","value":"x"}]}`),
      await call(server, 'GET', '/scim/v2/Users?filter=userName%20eq%20%22%ED%A0%80%22', { authorization: `Bearer ${token}` }),
      await call(server, 'GET', `/scim/v2/Users?filter=${encodeURIComponent('userName eq "\\ud800"')}`, { authorization: `Bearer ${token}` }),
    ];
    for (const [i, r] of answers.entries()) {
      assert.ok(r.status < 500, `answer ${i}: ${r.status} ${JSON.stringify(r.body)}`);
      if (r.status >= 400) expectScimError(r, r.status, r.body.scimType);
    }
    noUnhandledError();
  });

  test('a malformed URL under /scim/v2 is SCIM 400 in application/scim+json; elsewhere the contract body', async () => {
    for (const path of ['/scim/v2/Users/%E0%A4%A', '/scim/v2/Groups/%E0%A4%A?excludedAttributes=members', '/scim/v2/%E0%A4%A']) {
      const r = await call(server, 'GET', path, { authorization: `Bearer ${token}` });
      const detail = expectScimError(r, 400, 'invalidSyntax');
      assert.match(detail, /malformed/);
      assert.ok(r.headers.get('x-request-id'), 'the request id, as on every answer');
    }
    // Not SCIM: the contract's body, as before.
    expectError(await call(server, 'GET', '/latest/projects/%E0%A4%A', { authorization: `Bearer :${org.api_key}` }), 400, 'validation_error');
    expectError(await call(server, 'GET', '/scim/v2x/%E0%A4%A'), 400, 'validation_error');
    noUnhandledError();
  });
});
