// Self-test of the breakable database fixtures (test/helpers/breakable-postgres.ts and
// test/helpers/breakable-redis.ts): each way of breaking them does what the resilience tests rely on.
//
//   node --import tsx --test test/resilience/fixtures.test.ts
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startBreakablePostgres, type BreakablePostgres } from '../helpers/breakable-postgres.ts';
import { startBreakableRedis, type BreakableRedis } from '../helpers/breakable-redis.ts';
import { skipWhen } from '../helpers/skips.ts';

/** A connected client that records its asynchronous errors (an 'error' event with no listener would crash the file). */
async function connect(url: string, options: Partial<pg.ClientConfig> = {}): Promise<{ client: pg.Client; errors: Array<Error & { code?: string }> }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, ...options });
  const errors: Array<Error & { code?: string }> = [];
  client.on('error', (err) => errors.push(err));
  await client.connect();
  return { client, errors };
}

/** Waits up to 5 s for a condition that an event sets. */
async function eventually(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One statement on a fresh connection. */
async function rows(url: string, sql: string): Promise<unknown[]> {
  const { client } = await connect(url);
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('breakable PostgreSQL', () => {
  let pgb: BreakablePostgres;
  let dbUrl: string;
  let dataDir: string | undefined;

  before(async () => {
    pgb = await startBreakablePostgres();
    dbUrl = await pgb.createDatabase();
    const [setting] = (await rows(pgb.url, `SELECT current_setting('data_directory') AS dir`)) as Array<{ dir: string }>;
    dataDir = setting.dir;
    const { client } = await connect(dbUrl);
    await client.query('CREATE TABLE kept (n int)');
    await client.query('INSERT INTO kept VALUES (1)');
    await client.end();
  });
  after(() => pgb?.close());

  test('listens on 127.0.0.1 only, at the port it names', async () => {
    assert.match(pgb.url, new RegExp(`^postgres://postgres:[^@]+@127\\.0\\.0\\.1:${pgb.port}/postgres$`));
    assert.match(dbUrl, new RegExp(`@127\\.0\\.0\\.1:${pgb.port}/breakable_[0-9a-f]{12}$`));
    assert.deepEqual(await rows(pgb.url, `SELECT current_setting('listen_addresses') AS l`), [{ l: '127.0.0.1' }]);
  });

  for (const mode of ['fast', 'immediate'] as const) {
    test(`stop('${mode}') ends the client's connection and refuses new ones; start() brings it back on the same port with the data`, async () => {
      const { client, errors } = await connect(dbUrl);
      await pgb.stop(mode);
      await eventually('the open connection to end', () => errors.length > 0);
      // A fast stop terminates each session with 57P01; an immediate one just closes the socket.
      if (mode === 'fast') assert.equal(errors[0].code, '57P01', errors[0].message);
      await assert.rejects(connect(dbUrl, { connectionTimeoutMillis: 1000 }), /ECONNREFUSED/);
      await client.end().catch(() => {});

      await pgb.start();
      const { client: again } = await connect(dbUrl);
      assert.deepEqual((await again.query('SELECT n FROM kept')).rows, [{ n: 1 }]);
      await again.end();
    });
  }

  test('restart() alternates without trouble', async () => {
    await pgb.restart('immediate');
    await pgb.restart('fast');
    assert.equal(((await rows(dbUrl, 'SELECT count(*)::int AS n FROM kept')) as Array<{ n: number }>)[0].n, 1);
  });

  test('freeze() leaves queries and new connections unanswered; thaw() makes it work again', async () => {
    const { client, errors } = await connect(dbUrl);
    await pgb.freeze();
    const started = Date.now();
    await assert.rejects(client.query({ text: 'SELECT 1', query_timeout: 1000 } as pg.QueryConfig), /timeout/i);
    assert.ok(Date.now() - started >= 900, 'the query waited for its timeout');
    await assert.rejects(connect(dbUrl, { connectionTimeoutMillis: 1000 }), /timeout/i);
    await pgb.thaw();
    const { client: fresh } = await connect(dbUrl);
    assert.deepEqual((await fresh.query('SELECT 1 AS one')).rows, [{ one: 1 }]);
    await fresh.end();
    await client.end().catch(() => {});
    assert.deepEqual(errors.filter((e) => !/timeout|terminated/i.test(e.message)), []);
  });

  test('killConnections() terminates the client backends of one database (57P01), not the caller\'s nor other databases\'', async () => {
    const a = await connect(dbUrl);
    const b = await connect(dbUrl);
    const admin = await connect(pgb.url);
    assert.equal(await pgb.killConnections(dbUrl.slice(dbUrl.lastIndexOf('/') + 1)), 2);
    await eventually('both clients to see the termination', () => a.errors.length > 0 && b.errors.length > 0);
    assert.equal(a.errors[0].code, '57P01');
    assert.equal(b.errors[0].code, '57P01');
    assert.deepEqual((await admin.client.query('SELECT 1 AS one')).rows, [{ one: 1 }], 'another database\'s connection survives');
    // All databases: the admin connection goes too.
    assert.ok((await pgb.killConnections()) >= 1);
    await eventually('the admin client to see the termination', () => admin.errors.length > 0);
    for (const c of [a, b, admin]) await c.client.end().catch(() => {});
  });

  test('close() stops it and removes the data dir; a second close() is harmless', async () => {
    assert.ok(dataDir && existsSync(dataDir));
    await pgb.close();
    await pgb.close();
    assert.equal(existsSync(dataDir!), false);
    await assert.rejects(connect(pgb.url, { connectionTimeoutMillis: 1000 }), /ECONNREFUSED/);
  });
});

// Debian's redis-server: .ci/run installs it (and CI fails without it); elsewhere these are skipped.
const noRedis = process.env.CI ? false : skipWhen(!existsSync('/usr/bin/redis-server'), 'redis-server is not installed (apt-get install -y redis-server)');

describe('breakable Redis', { skip: noRedis }, () => {
  let redis: BreakableRedis;
  let client: Redis;
  const errors: Error[] = [];
  let closes = 0;

  before(async () => {
    redis = await startBreakableRedis();
    // No offline queue and no retries per command: a command while it is down fails at once.
    client = new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 50, lazyConnect: true });
    client.on('error', (err) => errors.push(err));
    client.on('close', () => closes++);
    await client.connect();
  });
  after(async () => {
    client?.disconnect();
    await redis?.close();
  });

  test('answers on 127.0.0.1 at the port it names', async () => {
    assert.equal(redis.url, `redis://127.0.0.1:${redis.port}`);
    assert.equal(await client.set('k', 'v'), 'OK');
    assert.equal(await client.get('k'), 'v');
    assert.deepEqual(await client.config('GET', 'save'), ['save', '']);
    assert.deepEqual(await client.config('GET', 'appendonly'), ['appendonly', 'no']);
  });

  test('stop() makes commands fail; start() brings it back empty on the same port, and the client reconnects', async () => {
    await redis.stop();
    await assert.rejects(client.get('k'));
    await redis.start();
    await eventually('the client to reconnect', () => client.status === 'ready');
    assert.equal(await client.get('k'), null, 'nothing persists');
    assert.ok(closes > 0, 'the client saw its connection close');
  });

  test('restart() works twice in a row', async () => {
    await client.set('k2', 'v');
    await redis.restart();
    await redis.restart();
    await eventually('the client to reconnect', () => client.status === 'ready');
    assert.equal(await client.get('k2'), null);
  });

  test('close() stops it; a second close() is harmless', async () => {
    assert.deepEqual(errors.filter((e) => !/ECONNREFUSED|ECONNRESET|Connection is closed/.test(e.message)), []);
    await redis.close();
    await redis.close();
    await eventually('the client to lose it', () => client.status !== 'ready');
    await assert.rejects(client.ping());
  });
});
