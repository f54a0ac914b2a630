// The audit trail is append-only against Hangar itself (issue 33 §2): migrations run as the schema's
// owner and requests are served as a role that owns no table and may only INSERT and SELECT on
// audit_events. Tried with DATABASE_URL + HANGAR_MIGRATION_DATABASE_URL on the test PostgreSQL, and
// with the embedded PostgreSQL, which makes both roles itself: connected as the serving role, altering,
// updating, deleting or truncating the trail fails, while Hangar serves (and runs jobs) as usual.
// And the start-up vault repair, as such a role, leaves no advisory lock behind when its unlock fails.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { startHangar, type Hangar } from '../../src/server.ts';
import { bootstrap, call, captureStderr, freshDatabase, startServer, TEST_ENCRYPTION_KEY } from '../helpers/hangar.ts';

const ADMIN_URL = process.env.HANGAR_TEST_DATABASE_URL ?? process.env.DATABASE_URL!;
const roles: Array<{ role: string; databaseUrl: string }> = [];
const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  // The role's privileges live in its database: given up there before the role (the database goes with the helper).
  for (const { role, databaseUrl } of roles) {
    const there = new pg.Client({ connectionString: databaseUrl });
    await there.connect().then(() => there.query(`DROP OWNED BY ${role}`)).catch(() => {});
    await there.end().catch(() => {});
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
    await admin.end();
  }
});

/** A new login role with a password (the test PostgreSQL may ask for one), and `url` as that role. */
async function servingRole(databaseUrl: string): Promise<{ role: string; url: string }> {
  const role = `hangar_serve_${randomBytes(5).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
  await admin.end();
  roles.push({ role, databaseUrl });
  const url = new URL(databaseUrl);
  url.username = role;
  url.password = password;
  return { role, url: url.toString() };
}

/** Every way the serving role could rewrite history fails for lack of privilege; appending and reading work. */
async function assertAppendOnly(servingUrl: string, organizationId: string) {
  const c = new pg.Client({ connectionString: servingUrl });
  await c.connect();
  try {
    const before = Number((await c.query('SELECT count(*) FROM audit_events')).rows[0].count);
    assert.ok(before > 0, 'the serving role reads the trail');
    const denied = async (statement: string) => {
      await assert.rejects(c.query(statement), (err: { code?: string; message: string }) => {
        // 42501 insufficient_privilege; "must be owner" is the same code.
        assert.equal(err.code, '42501', `${statement}: ${err.message}`);
        return true;
      });
    };
    await denied(`UPDATE audit_events SET action = 'forged'`);
    await denied('DELETE FROM audit_events');
    await denied('TRUNCATE audit_events');
    await denied('ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only');
    await denied('ALTER TABLE audit_events DISABLE TRIGGER ALL');
    await denied('DROP TRIGGER audit_events_append_only ON audit_events');
    await denied('ALTER TABLE audit_events ADD COLUMN forged text');
    await denied('DROP TABLE audit_events');
    await denied(`CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`);
    // A GRANT by a role without the privilege grants nothing (PostgreSQL only warns).
    await c.query('GRANT UPDATE, DELETE, TRUNCATE ON audit_events TO PUBLIC');
    const rights = await c.query(`SELECT ${['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER'].map((p) => `has_table_privilege('audit_events', '${p}') AS "${p}"`).join(', ')}`);
    assert.deepEqual(rights.rows[0], { SELECT: true, INSERT: true, UPDATE: false, DELETE: false, TRUNCATE: false, TRIGGER: false });
    await c.query(
      `INSERT INTO audit_events (organization_id, actor_type, actor_id, action, target_type, target_id) VALUES ($1, 'system', 'test', 'test.append', 'test', 'x')`,
      [organizationId],
    );
    assert.equal(Number((await c.query('SELECT count(*) FROM audit_events')).rows[0].count), before + 1);
    const owned = await c.query(`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user) AND n.nspname IN ('public', 'graphile_worker')`);
    assert.deepEqual(owned.rows, [], 'the serving role owns no table');
  } finally {
    await c.end();
  }
}

/** What Hangar does as the serving role: governance writes recorded in the trail, and a job run by the queue. */
async function serves(server: Hangar, org: { organization_id: string; api_key: string }) {
  const project = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Audited', organization_id: org.organization_id } });
  assert.equal(project.status, 200, JSON.stringify(project.body));
  const trail = await call(server, 'POST', `/latest/organizations/${org.organization_id}/audit/list`, { authorization: `Bearer :${org.api_key}`, body: {} });
  assert.equal(trail.status, 200, JSON.stringify(trail.body));
  assert.ok(trail.body.results.some((e: { action: string }) => e.action === 'project.create'));
  const who = await server.db.pool.query('SELECT current_user AS role, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser');
  return who.rows[0] as { role: string; superuser: boolean };
}

describe('DATABASE_URL with HANGAR_MIGRATION_DATABASE_URL', () => {
  test('migrations run as the owner; requests are served as DATABASE_URL\'s role, which cannot rewrite the trail', async () => {
    const ownerUrl = await freshDatabase({ empty: true });
    const { role, url } = await servingRole(ownerUrl);
    const server = await startServer(url, { HANGAR_MIGRATION_DATABASE_URL: ownerUrl });
    const org = await bootstrap(server);
    const who = await serves(server, org);
    assert.deepEqual(who, { role, superuser: false });
    await assertAppendOnly(url, org.organization_id);
    // A second start (migrations already applied) grants again and serves as before.
    const again = await startServer(url, { HANGAR_MIGRATION_DATABASE_URL: ownerUrl });
    assert.equal((await call(again, 'GET', '/readyz')).status, 200);
  });

  test("the start-up vault repair whose unlock fails closes its connection: the lock is not left held by the pool's connection", async () => {
    // The serving role may not call pg_advisory_unlock in this database: the repair takes its lock,
    // does its work, and its unlock fails on a connection that still holds the lock.
    const ownerUrl = await freshDatabase();
    const { url } = await servingRole(ownerUrl);
    const admin = new pg.Client({ connectionString: ownerUrl });
    admin.on('error', () => {});
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query('REVOKE EXECUTE ON FUNCTION pg_advisory_unlock(bigint) FROM PUBLIC');
    const stderr = captureStderr();
    try {
      await startServer(url, { HANGAR_MIGRATION_DATABASE_URL: ownerUrl });
    } finally {
      stderr.stop();
    }
    const said = stderr.lines.filter((l) => /vault repair: releasing its advisory lock failed/.test(l));
    assert.equal(said.length, 1, 'the failed unlock is said');
    assert.match(said[0], /permission denied for function pg_advisory_unlock/);
    // vault-repair.ts's lock (0x68616e67, a bigint key: its low 32 bits in objid), gone once the
    // closed connection's backend has exited (a moment; bounded).
    const holders = async () =>
      (await admin.query(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = $1 AND objsubid = 1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`, [0x68616e67])).rows;
    const giveUpAt = Date.now() + 5000;
    while ((await holders()).length && Date.now() < giveUpAt) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(await holders(), [], 'no connection holds the repair lock');
    // So another process starting on this database is not stuck behind it.
    const again = await startServer(url, { HANGAR_MIGRATION_DATABASE_URL: ownerUrl });
    assert.equal((await call(again, 'GET', '/readyz')).status, 200);
  });

  test('a serving role that owns tables is refused at start, with the statement that hands them over', async () => {
    const ownerUrl = await freshDatabase();
    const { role, url } = await servingRole(ownerUrl);
    const admin = new pg.Client({ connectionString: ownerUrl });
    await admin.connect();
    await admin.query(`GRANT CREATE ON SCHEMA public TO ${role}`);
    await admin.end();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('CREATE TABLE owned_by_server (id int)');
    await c.end();
    await assert.rejects(
      startHangar(loadConfig({ DATABASE_URL: url, HANGAR_MIGRATION_DATABASE_URL: ownerUrl, PORT: '0', HOST: '127.0.0.1', HANGAR_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, HANGAR_PROCESSES: '1', HANGAR_DB_START_WAIT_SECONDS: '0' })),
      new RegExp(`role ${role} owns public\\.owned_by_server.*REASSIGN OWNED BY "${role}"`),
    );
  });

  test('HANGAR_MIGRATION_DATABASE_URL without DATABASE_URL is a configuration error', () => {
    assert.throws(() => loadConfig({ HANGAR_MIGRATION_DATABASE_URL: 'postgres://owner@127.0.0.1/hangar' }), /HANGAR_MIGRATION_DATABASE_URL is used only with DATABASE_URL/);
    assert.throws(() => loadConfig({ DATABASE_URL: 'postgres://a@127.0.0.1/h', HANGAR_MIGRATION_DATABASE_URL: 'mysql://x' }), /HANGAR_MIGRATION_DATABASE_URL must start with postgres/);
  });
});

describe('the embedded PostgreSQL', () => {
  test('creates the serving role; Hangar serves as it and cannot rewrite the trail', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hangar-roles-'));
    const hangar = await startHangar(loadConfig({ HANGAR_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', HANGAR_PROCESSES: '1', HANGAR_RATE_LIMIT: '100000' }));
    cleanups.push(async () => {
      await hangar.close();
      // PostgreSQL may still be writing its shutdown checkpoint: removed once it has gone.
      for (let i = 0; i < 100 && existsSync(path.join(dataDir, 'pg', 'postmaster.pid')); i++) await new Promise((r) => setTimeout(r, 100));
      rmSync(dataDir, { recursive: true, force: true });
    });
    const { bootstrapOrganization } = await import('../../src/governance/users.ts');
    const org = await bootstrapOrganization(hangar.db.kysely, loadConfig({ DATABASE_URL: 'postgres://unused' }), { organization: 'Embedded', email: 'root@embedded.test' });
    const who = await serves(hangar, org);
    assert.deepEqual(who, { role: 'hangar_app', superuser: false });
    const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
    const password = readFileSync(path.join(dataDir, 'pg-app-password'), 'utf8').trim();
    await assertAppendOnly(`postgres://hangar_app:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, org.organization_id);
  });
});
