// Schedules (issue 32 §3) through Hangar's real HTTP API on a real PostgreSQL: recurring schedules
// (five-field cron in an IANA zone) that start one task per occurrence, and the hosted Python
// client's scheduled message into a task. Time: the scheduler's clock is the documented test clock
// (HANGAR_SCHEDULE_TEST_CLOCK: a fake instant that runs at a rate), so minutes of occurrences, and a
// restart hours later, happen in seconds; every process given the same setting reads the same time,
// and the claiming code that races is the real one. Tasks here run on an agent whose action posts
// the message to a local server (no model), so each run is seen where it lands.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { call, captureStderr, expectError, freshDatabase, role, startServer, TEST_ENCRYPTION_KEY, type TestServer } from '../helpers/hangar.ts';
import { shellEnv, spawnHangar } from '../helpers/processes.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { parseCron } from '../../src/schedules/cron.ts';
import { freePort, member, newProject, type Client } from '../integrations/kit.ts';

/**
 * A local server that records the `said` of every POST (what the agent's action sent). POST /slow
 * answers only once released, so a task can be held running.
 */
let target: { url: string; said: string[]; release(): void; close(): Promise<void> };

before(async () => {
  const said: string[] = [];
  let open!: () => void;
  let gate = new Promise<void>((r) => (open = r));
  const s: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', async () => {
      const body = text ? JSON.parse(text) : {};
      said.push(body.said);
      if (req.url === '/slow') await gate;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echoed: body }));
    });
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  target = {
    url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
    said,
    release() {
      open();
      gate = new Promise<void>((r) => (open = r));
    },
    close: () => {
      open();
      s.closeAllConnections();
      return new Promise<void>((r) => s.close(() => r()));
    },
  };
});
after(() => target.close());

const testClock = (fake: string, rate = 1) => JSON.stringify({ real: new Date().toISOString(), fake, rate });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) assert.fail(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** An agent whose one action posts the message it is given to the local target (no model: it runs on every message). */
async function echoAgent(c: Client, name: string, route = '/echo'): Promise<string> {
  const tool = `echo-${randomBytes(4).toString('hex')}`;
  const saved = await c.post('/latest/studios/bulk_update', {
    updates: [{ studio_id: tool, title: 'Echo', description: 'Posts the message', params_schema: { properties: { message: { type: 'string' } } }, transformations: { steps: [{ name: 'send', transformation: 'api_call', params: { url: `${target.url}${route}`, method: 'POST', body: { said: '{{params.message}}' } } }] } }],
    partial_update: true,
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const agent = await c.post('/latest/agents/upsert', { name, actions: [{ chain_id: tool }] });
  assert.equal(agent.status, 200, JSON.stringify(agent.body));
  return agent.body.agent_id;
}

const schedules = async (c: Client, agentId: string) => {
  const r = await c.post(`/latest/agents/${agentId}/schedules/list`, {});
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.results as Array<{ schedule_id: string; cron: string; timezone: string; message: string; next_run_at: string; last_run_at: string | null }>;
};

async function createSchedule(c: Client, agentId: string, body: Record<string, unknown>): Promise<string> {
  const r = await c.post(`/latest/agents/${agentId}/schedules/create`, body);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body), ['schedule_id']);
  return r.body.schedule_id;
}

/** Every task a schedule started (the agent's task list filtered by trigger_id). */
async function tasksOf(c: Client, agentId: string, scheduleId: string) {
  const r = await c.post(`/latest/agents/${agentId}/tasks/list`, { trigger_id: scheduleId, page_size: 1000 });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.results as Array<{ conversation_id: string; state: string; trigger_id: string; trigger_type: string }>;
}

describe('recurring schedules: the API', () => {
  let server: TestServer;
  let c: Client;
  let agent: string;

  before(async () => {
    // The clock stands at 2027-03-20, a week before Europe's spring change and after America's.
    server = await startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_SCHEDULE_TEST_CLOCK: testClock('2027-03-20T00:00:00Z') });
    c = await newProject(server);
    agent = await echoAgent(c, 'Scheduled');
  });

  test('create, list with the next run, delete; each change in the audit trail', async () => {
    const id = await createSchedule(c, agent, { cron: '0 9 * * 1-5', message: 'Good morning' });
    const [s] = await schedules(c, agent);
    assert.deepEqual({ ...s, created_at: undefined }, { schedule_id: id, cron: '0 9 * * 1-5', timezone: 'UTC', message: 'Good morning', next_run_at: '2027-03-22T09:00:00.000Z', last_run_at: null, created_at: undefined });
    const gone = await c.post(`/latest/agents/${agent}/schedules/${id}/delete`, {});
    assert.deepEqual([gone.status, gone.body], [200, { schedule_id: id, deleted: true }]);
    assert.deepEqual(await schedules(c, agent), []);
    expectError(await c.post(`/latest/agents/${agent}/schedules/${id}/delete`, {}), 404, 'not_found');

    const audit = await call(server, 'POST', `/latest/organizations/${c.org.organization_id}/audit/list`, { authorization: `Bearer :${c.org.api_key}`, body: {} });
    assert.equal(audit.status, 200, JSON.stringify(audit.body));
    const mine = audit.body.results.filter((e: any) => e.target.id === id);
    assert.deepEqual(mine.map((e: any) => e.action).sort(), ['schedule.create', 'schedule.delete']);
    for (const e of mine) assert.equal(JSON.stringify(e).includes(c.org.api_key), false);
    const created = mine.find((e: any) => e.action === 'schedule.create');
    assert.equal(created.project_id, c.projectId);
    assert.deepEqual(created.details, { agent_id: agent, cron: '0 9 * * 1-5', timezone: 'UTC' });
  });

  test('next_run_at follows daylight-saving changes of the zone', async () => {
    const cases: Array<[string, string, string]> = [
      // Berlin: CET (UTC+1) until Sunday 2027-03-28 02:00, then CEST (UTC+2).
      ['0 9 27 3 *', 'Europe/Berlin', '2027-03-27T08:00:00.000Z'],
      ['0 9 28 3 *', 'Europe/Berlin', '2027-03-28T07:00:00.000Z'],
      // 02:30 does not exist on 2027-03-28 in Berlin: it runs at the first time after the gap, 03:00 CEST.
      ['30 2 28 3 *', 'Europe/Berlin', '2027-03-28T01:00:00.000Z'],
      // 02:30 happens twice on 2027-10-31 in Berlin: the first one (CEST), once.
      ['30 2 31 10 *', 'Europe/Berlin', '2027-10-31T00:30:00.000Z'],
      // New York moved to EDT (UTC-4) on 2027-03-14, before the clock's "now".
      ['0 9 * * *', 'America/New_York', '2027-03-20T13:00:00.000Z'],
      ['0 9 * * *', 'Asia/Kolkata', '2027-03-20T03:30:00.000Z'],
    ];
    const ids: string[] = [];
    for (const [cron, timezone] of cases) ids.push(await createSchedule(c, agent, { cron, timezone, message: `${cron} ${timezone}` }));
    const listed = await schedules(c, agent);
    assert.deepEqual(
      ids.map((id) => listed.find((s) => s.schedule_id === id)).map((s) => [s!.cron, s!.timezone, s!.next_run_at]),
      cases,
    );
    for (const id of ids) assert.equal((await c.post(`/latest/agents/${agent}/schedules/${id}/delete`, {})).status, 200);
  });

  test('bad input is a 400 naming it; roles; unknown agent or schedule 404; a bound per agent', async () => {
    const badCron = expectError(await c.post(`/latest/agents/${agent}/schedules/create`, { cron: '61 * * * *', message: 'x' }), 400, 'validation_error');
    assert.match(badCron.message, /cron "61 \* \* \* \*"/);
    const seconds = expectError(await c.post(`/latest/agents/${agent}/schedules/create`, { cron: '*/5 * * * * *', message: 'x' }), 400, 'validation_error');
    assert.match(seconds.message, /five-field/);
    const badZone = expectError(await c.post(`/latest/agents/${agent}/schedules/create`, { cron: '0 9 * * *', timezone: 'Mars/Olympus_Mons', message: 'x' }), 400, 'validation_error');
    assert.match(badZone.message, /timezone "Mars\/Olympus_Mons"/);
    expectError(await c.post(`/latest/agents/${agent}/schedules/create`, { cron: '0 9 * * *' }), 400, 'validation_error');
    expectError(await c.post(`/latest/agents/${agent}/schedules/create`, { cron: '0 9 * * *', message: '' }), 400, 'validation_error');
    assert.deepEqual(await schedules(c, agent), [], 'nothing stored by a refused request');

    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await c.post(`/latest/agents/${unknown}/schedules/create`, { cron: '0 9 * * *', message: 'x' }), 404, 'not_found');
    expectError(await c.post(`/latest/agents/${unknown}/schedules/list`, {}), 404, 'not_found');
    expectError(await c.post('/latest/agents/not-an-id/schedules/list', {}), 404, 'not_found');
    expectError(await c.post(`/latest/agents/${unknown}/schedules/${unknown}/delete`, {}), 404, 'not_found');
    const other = await newProject(server);
    expectError(await other.post(`/latest/agents/${agent}/schedules/list`, {}), 404, 'not_found');

    const viewer = await member(server, c, 'role:viewer');
    const editor = await member(server, c, 'role:editor');
    const viewerCall = (path: string, body: unknown) => call(server, 'POST', path, { authorization: viewer, body });
    expectError(await viewerCall(`/latest/agents/${agent}/schedules/create`, { cron: '0 9 * * *', message: 'x' }), 403, 'forbidden');
    const byEditor = await call(server, 'POST', `/latest/agents/${agent}/schedules/create`, { authorization: editor, body: { cron: '0 9 * * *', message: 'by the editor' } });
    assert.equal(byEditor.status, 200, JSON.stringify(byEditor.body));
    const seen = await viewerCall(`/latest/agents/${agent}/schedules/list`, {});
    assert.deepEqual(seen.body.results.map((s: any) => s.message), ['by the editor'], 'a viewer reads the list');
    expectError(await viewerCall(`/latest/agents/${agent}/schedules/${byEditor.body.schedule_id}/delete`, {}), 403, 'forbidden');
    assert.equal((await call(server, 'POST', `/latest/agents/${agent}/schedules/${byEditor.body.schedule_id}/delete`, { authorization: editor, body: {} })).status, 200);

    // 100 schedules per agent; the 101st is refused, even when several race for the last place.
    for (let i = 0; i < 98; i += 1) await createSchedule(c, agent, { cron: `${i % 60} ${i % 24} * * *`, message: `n${i}` });
    const racing = await Promise.all([0, 1, 2, 3].map(() => c.post(`/latest/agents/${agent}/schedules/create`, { cron: '0 0 * * *', message: 'race' })));
    assert.deepEqual(racing.map((r) => r.status).sort(), [200, 200, 409, 409]);
    assert.match(expectError(racing.find((r) => r.status === 409)!, 409, 'conflict').message, /100 schedules/);
    assert.equal((await schedules(c, agent)).length, 100);
    for (const s of await schedules(c, agent)) await c.post(`/latest/agents/${agent}/schedules/${s.schedule_id}/delete`, {});
  });

  test('an occurrence across the spring change fires, and the next run is an hour earlier in UTC', async () => {
    // A second server whose clock stands 30 s before 09:00 Berlin on the Saturday before the change,
    // and runs at 5× (09:00 comes six seconds later).
    const at = await startServer(server.databaseUrl, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_SCHEDULE_TEST_CLOCK: testClock('2027-03-27T07:59:30Z', 5), HANGAR_SCHEDULE_POLL_MS: '50' });
    try {
      const on = c.on(at);
      const dst = await echoAgent(on, 'DST');
      const id = await createSchedule(on, dst, { cron: '0 9 * * *', timezone: 'Europe/Berlin', message: 'guten Morgen' });
      assert.equal((await schedules(on, dst))[0].next_run_at, '2027-03-27T08:00:00.000Z');
      const fired = await waitFor('the 09:00 occurrence', async () => {
        const [s] = await schedules(on, dst);
        return s.last_run_at ? s : undefined;
      });
      assert.deepEqual([fired.last_run_at, fired.next_run_at], ['2027-03-27T08:00:00.000Z', '2027-03-28T07:00:00.000Z']);
      const tasks = await tasksOf(on, dst, id);
      assert.equal(tasks.length, 1);
      assert.equal(tasks[0].trigger_type, 'schedule');
      const view = await on.post(`/latest/agents/${dst}/tasks/${tasks[0].conversation_id}/view`, {});
      const first = view.body.results.at(-1);
      assert.deepEqual([first.content.type, first.content.text, first.content.is_trigger_message], ['user-message', 'guten Morgen', true]);
      await waitFor('the action to have run on the message', async () => target.said.includes('guten Morgen'));
    } finally {
      await at.close();
    }
  });
});

describe('exactly once per occurrence across processes', () => {
  test('three racing schedulers (`hangar start --processes 2` and one more server) start one task per occurrence, five occurrences in a row', { timeout: 180_000 }, async () => {
    const databaseUrl = await freshDatabase();
    // 10× time: one minute of the schedule's clock every six seconds, from 08:00 (a faster clock makes
    // a pass delayed by a loaded machine span two occurrences, of which only the latest fires, by
    // design). Once every process is up, ten schedules (two agents) are created for the same five
    // minutes in a row, starting two minutes later (08:mm to 08:mm+4 on 4 January only), so every
    // process finds ten due at each occurrence, the run ends by itself, and the count is exact.
    const clock = { real: Date.now(), fake: Date.parse('2027-01-04T08:00:00Z'), rate: 10 };
    const env = {
      HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true',
      HANGAR_SCHEDULE_TEST_CLOCK: JSON.stringify({ real: new Date(clock.real).toISOString(), fake: new Date(clock.fake).toISOString(), rate: clock.rate }),
      HANGAR_SCHEDULE_POLL_MS: '20',
    };
    const server = await startServer(databaseUrl, env);
    const c = await newProject(server);
    const agents = [await echoAgent(c, 'Five a day'), await echoAgent(c, 'Five a day too')];
    const port = await freePort();
    const cluster = spawnHangar(['start', '--processes', '2'], shellEnv({ ...env, DATABASE_URL: databaseUrl, HANGAR_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', HANGAR_DB_POOL_SIZE: '4' }));
    await waitFor('the cluster to serve', async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.ok, 60_000);

    const fakeNow = new Date(clock.fake + (Date.now() - clock.real) * clock.rate);
    const first = fakeNow.getUTCMinutes() + 2;
    assert.ok(fakeNow.getUTCHours() === 8 && first + 4 <= 59, `the processes took too long to start (the schedule's clock is at ${fakeNow.toISOString()})`);
    const at = (minute: number) => `2027-01-04T08:${String(minute).padStart(2, '0')}:00.000Z`;
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => createSchedule(c, agents[i % 2], { cron: `${first}-${first + 4} 8 4 1 *`, message: `tick ${i}` })));
    for (const agent of agents) assert.deepEqual((await schedules(c, agent)).map((s) => [s.next_run_at, s.last_run_at]), Array(5).fill([at(first), null]), 'created before the first occurrence');

    for (const agent of agents) {
      const done = await waitFor('the last occurrence', async () => {
        const all = await schedules(c, agent);
        return all.every((s) => s.next_run_at.startsWith('2028-')) ? all : undefined;
      }, 60_000);
      assert.deepEqual(done.map((s) => [s.last_run_at, s.next_run_at]), Array(5).fill([at(first + 4), `2028-01-04T08:${String(first).padStart(2, '0')}:00.000Z`]));
    }
    for (const [i, id] of ids.entries()) {
      const tasks = await tasksOf(c, agents[i % 2], id);
      assert.equal(tasks.length, 5, `one task per occurrence of schedule ${i}: ${JSON.stringify(tasks)}`);
    }
    await waitFor('every task to finish', async () => {
      const states = await Promise.all(ids.map(async (id, i) => (await tasksOf(c, agents[i % 2], id)).every((t) => t.state === 'completed')));
      return states.every(Boolean);
    });
    for (let i = 0; i < 10; i += 1) assert.equal(target.said.filter((s) => s === `tick ${i}`).length, 5, `the action ran once per occurrence of schedule ${i}`);
    cluster.child.kill('SIGTERM');
    await cluster.exited;
  });
});

describe('occurrences missed while Hangar was down', () => {
  test('fire once at start when less than HANGAR_SCHEDULE_CATCHUP_SECONDS late, never as a flood; older ones do not fire', async () => {
    const databaseUrl = await freshDatabase();
    const env = (fake: string) => ({ HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_SCHEDULE_TEST_CLOCK: testClock(fake), HANGAR_SCHEDULE_POLL_MS: '50' });
    // Monday 08:00: a daily 09:00 schedule and a five-minutely one are created; then Hangar stops.
    const first = await startServer(databaseUrl, env('2027-01-04T08:00:00Z'));
    const c = await newProject(first);
    const agent = await echoAgent(c, 'Catch-up');
    const daily = await createSchedule(c, agent, { cron: '0 9 * * *', message: 'daily' });
    const often = await createSchedule(c, agent, { cron: '*/5 * * * *', message: 'often' });
    await first.close();

    // Back at 09:30: the daily one is 30 minutes late (< 3600 s): it fires once; the five-minutely one
    // missed 18 occurrences and fires once, for the latest (09:30).
    const second = await startServer(databaseUrl, env('2027-01-04T09:30:00Z'));
    const on2 = c.on(second);
    const byId = async (client: Client) => Object.fromEntries((await schedules(client, agent)).map((s) => [s.schedule_id, s]));
    const caught = await waitFor('the catch-up at start', async () => {
      const s = await byId(on2);
      return s[daily].last_run_at && s[often].last_run_at ? s : undefined;
    });
    assert.deepEqual([caught[daily].last_run_at, caught[daily].next_run_at], ['2027-01-04T09:00:00.000Z', '2027-01-05T09:00:00.000Z']);
    assert.deepEqual([caught[often].last_run_at, caught[often].next_run_at], ['2027-01-04T09:30:00.000Z', '2027-01-04T09:35:00.000Z']);
    await sleep(500);
    assert.equal((await tasksOf(on2, agent, daily)).length, 1);
    assert.equal((await tasksOf(on2, agent, often)).length, 1, 'eighteen missed occurrences start one task, not a flood');
    await second.close();

    // Back the next day at 10:30: today's 09:00 is 90 minutes late (> 3600 s): it does not fire (the
    // log says so), and the schedule waits for tomorrow's.
    const stderr = captureStderr();
    const third = await startServer(databaseUrl, env('2027-01-05T10:30:00Z'));
    const on3 = c.on(third);
    const later = await waitFor('the pass at start', async () => {
      const s = await byId(on3);
      return s[often].last_run_at === '2027-01-05T10:30:00.000Z' ? s : undefined;
    });
    await waitFor('the daily schedule to move on', async () => ((await byId(on3))[daily].next_run_at === '2027-01-06T09:00:00.000Z' ? true : undefined));
    stderr.stop();
    assert.ok(
      stderr.lines.some((l) => l.includes('more than HANGAR_SCHEDULE_CATCHUP_SECONDS (3600 s) late were not started') && l.includes(`${daily} at 2027-01-05T09:00:00.000Z`)),
      `the skipped occurrence is in the log: ${JSON.stringify(stderr.lines.filter((l) => l.startsWith('schedules:')))}`,
    );
    assert.equal(later[daily].last_run_at, '2027-01-04T09:00:00.000Z', 'the late occurrence did not fire');
    assert.equal((await tasksOf(on3, agent, daily)).length, 1);
    assert.equal((await tasksOf(on3, agent, often)).length, 2);
  });
});

describe("the hosted Python client's schedule_action_in_task", () => {
  let server: TestServer;
  let c: Client;
  let agent: string;
  let conversation: string;
  const pyAuth = () => `${c.projectId}:${c.org.api_key}`;

  before(async () => {
    server = await startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_SCHEDULE_POLL_MS: '50' });
    c = await newProject(server);
    agent = await echoAgent(c, 'Follow-ups');
    const started = await c.post('/latest/agents/trigger', { agent_id: agent, message: { role: 'user', content: 'first' } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    conversation = started.body.conversation_id;
    await waitFor('the first message to be answered', async () => (await c.get(`/latest/agents/${agent}/tasks/${conversation}/metadata`)).body.state === 'completed');
  });

  /** The user messages of the task, oldest first. */
  const userMessages = async () => {
    const view = await c.post(`/latest/agents/${agent}/tasks/${conversation}/view`, {});
    return view.body.results.filter((i: any) => i.content.type === 'user-message').map((i: any) => i.content.text).reverse();
  };

  test('its exact request → {trigger_id}; the message is added to the task as a user message and the agent runs on it', async () => {
    // relevanceai 10.2.1 Agent.schedule_action_in_task: POST with requests' json= body and the bare
    // `<project>:<key>` header; the answer is read into ScheduledActionTrigger (extra fields forbidden).
    const r = await call(server, 'POST', `/latest/agents/${agent}/scheduled_triggers_item/create`, {
      authorization: pyAuth(),
      raw: JSON.stringify({ conversation_id: conversation, message: 'check again', minutes_until_schedule: 0 }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body), ['trigger_id']);
    assert.equal(typeof r.body.trigger_id, 'string');
    await waitFor('the scheduled message to arrive', async () => (await userMessages()).includes('check again'));
    assert.deepEqual(await userMessages(), ['first', 'check again']);
    await waitFor('the agent to run on it', async () => target.said.includes('check again'));
    await waitFor('the task to finish', async () => (await c.get(`/latest/agents/${agent}/tasks/${conversation}/metadata`)).body.state === 'completed');
    const view = await c.post(`/latest/agents/${agent}/tasks/${conversation}/view`, {});
    assert.deepEqual(view.body.results.map((i: any) => i.content.type), ['agent-message', 'tool-run', 'user-message', 'agent-message', 'tool-run', 'user-message']);
    assert.equal(view.body.results[2].content.is_trigger_message, false, 'the trigger message stays the first one');
  });

  test('a later message waits for its time', async () => {
    // 0.05 minutes: three seconds.
    const r = await c.post(`/latest/agents/${agent}/scheduled_triggers_item/create`, { conversation_id: conversation, message: 'in three seconds', minutes_until_schedule: 0.05 });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const asked = Date.now();
    await sleep(1000);
    assert.equal((await userMessages()).includes('in three seconds'), false, 'not before its time');
    await waitFor('the message at its time', async () => (await userMessages()).includes('in three seconds'));
    assert.ok(Date.now() - asked >= 2900, `arrived after ${Date.now() - asked} ms`);
  });

  test('a message due while its task is still working waits for the task, then runs', async () => {
    const slow = await echoAgent(c, 'Slow', '/slow');
    const started = await c.post('/latest/agents/trigger', { agent_id: slow, message: { role: 'user', content: 'hold on' } });
    const task = started.body.conversation_id;
    await waitFor('the task to be held running', async () => target.said.includes('hold on'));
    const r = await c.post(`/latest/agents/${slow}/scheduled_triggers_item/create`, { conversation_id: task, message: 'after that', minutes_until_schedule: 0 });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    await sleep(1000);
    const texts = async () => (await c.post(`/latest/agents/${slow}/tasks/${task}/view`, {})).body.results.filter((i: any) => i.content.type === 'user-message').map((i: any) => i.content.text).reverse();
    assert.deepEqual(await texts(), ['hold on'], 'not added while the task works on its message');
    assert.equal((await c.get(`/latest/agents/${slow}/tasks/${task}/metadata`)).body.state, 'running');
    target.release();
    await waitFor('the waiting message to be added and run', async () => target.said.includes('after that'));
    target.release();
    await waitFor('the task to finish', async () => (await c.get(`/latest/agents/${slow}/tasks/${task}/metadata`)).body.state === 'completed');
    assert.deepEqual(await texts(), ['hold on', 'after that']);
  });

  test('bad minutes are a 400; an unknown task or agent a 404', async () => {
    for (const minutes of [-1, 525_601, '5']) {
      const e = expectError(await c.post(`/latest/agents/${agent}/scheduled_triggers_item/create`, { conversation_id: conversation, message: 'x', minutes_until_schedule: minutes }), 400, 'validation_error');
      assert.match(e.message, /minutes_until_schedule/);
    }
    expectError(await c.post(`/latest/agents/${agent}/scheduled_triggers_item/create`, { conversation_id: conversation, message: '' }), 400, 'validation_error');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await c.post(`/latest/agents/${agent}/scheduled_triggers_item/create`, { conversation_id: unknown, message: 'x' }), 404, 'not_found');
    expectError(await c.post(`/latest/agents/${unknown}/scheduled_triggers_item/create`, { conversation_id: conversation, message: 'x' }), 404, 'not_found');
    const otherAgent = await echoAgent(c, 'Other');
    expectError(await c.post(`/latest/agents/${otherAgent}/scheduled_triggers_item/create`, { conversation_id: conversation, message: 'x' }), 404, 'not_found');
    const stranger = await newProject(server);
    expectError(await stranger.post(`/latest/agents/${agent}/scheduled_triggers_item/create`, { conversation_id: conversation, message: 'x' }), 404, 'not_found');
  });

  test('at most 100 messages wait for one task', async () => {
    const task = (await c.post('/latest/agents/trigger', { agent_id: agent, message: { role: 'user', content: 'many follow-ups' } })).body.conversation_id;
    for (let i = 0; i < 100; i += 1) {
      const r = await c.post(`/latest/agents/${agent}/scheduled_triggers_item/create`, { conversation_id: task, message: `later ${i}`, minutes_until_schedule: 600 });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const refused = expectError(await c.post(`/latest/agents/${agent}/scheduled_triggers_item/create`, { conversation_id: task, message: 'one too many', minutes_until_schedule: 600 }), 409, 'conflict');
    assert.match(refused.message, /100 scheduled messages waiting/);
  });
});


test('the settings: defaults, bounds, and a test clock refused in production', () => {
  const base = { DATABASE_URL: 'postgres://unused@127.0.0.1/x', HANGAR_PROCESSES: '1' };
  assert.deepEqual(loadConfig(base).schedules, { catchupSeconds: 3600, pollMs: 1000, testClock: undefined });
  assert.throws(() => loadConfig({ ...base, HANGAR_SCHEDULE_CATCHUP_SECONDS: '5' }), (e: Error) => e instanceof ConfigError && /HANGAR_SCHEDULE_CATCHUP_SECONDS must be an integer ≥ 10/.test(e.message));
  // A pass a minute with a ten-second window would skip most on-time occurrences as missed.
  assert.throws(
    () => loadConfig({ ...base, HANGAR_SCHEDULE_CATCHUP_SECONDS: '10', HANGAR_SCHEDULE_POLL_MS: '60000' }),
    (e: Error) => e instanceof ConfigError && /HANGAR_SCHEDULE_POLL_MS \(60000\) must be at most half of HANGAR_SCHEDULE_CATCHUP_SECONDS \(10 s, so at most 5000 ms\)/.test(e.message),
  );
  assert.equal(loadConfig({ ...base, HANGAR_SCHEDULE_CATCHUP_SECONDS: '10', HANGAR_SCHEDULE_POLL_MS: '5000' }).schedules.pollMs, 5000);
  const clock = JSON.stringify({ real: '2026-12-03T00:00:00Z', fake: '2027-01-01T00:00:00Z', rate: 60 });
  assert.deepEqual(loadConfig({ ...base, HANGAR_SCHEDULE_TEST_CLOCK: clock }).schedules.testClock, { realMs: Date.parse('2026-12-03T00:00:00Z'), fakeMs: Date.parse('2027-01-01T00:00:00Z'), rate: 60 });
  assert.throws(() => loadConfig({ ...base, HANGAR_SCHEDULE_TEST_CLOCK: clock, NODE_ENV: 'production' }), /refused when NODE_ENV=production/);
  assert.throws(() => loadConfig({ ...base, HANGAR_SCHEDULE_TEST_CLOCK: '{"fake":"soon"}' }), /HANGAR_SCHEDULE_TEST_CLOCK must be/);
  assert.throws(() => loadConfig({ ...base, HANGAR_SCHEDULE_TEST_CLOCK: JSON.stringify({ real: '2026-12-03T00:00:00Z', fake: '2027-01-01T00:00:00Z', rate: 0 }) }), /HANGAR_SCHEDULE_TEST_CLOCK must be/);
});

test('the latest occurrence at or before an instant includes one exactly at it (a pass landing on it fires it)', () => {
  const cron = parseCron('5-9 8 4 1 *', 'UTC');
  const latest = (iso: string) => cron.latest(new Date(iso))?.toISOString();
  assert.equal(latest('2027-01-04T08:05:00.000Z'), '2027-01-04T08:05:00.000Z');
  assert.equal(latest('2027-01-04T08:05:59.999Z'), '2027-01-04T08:05:00.000Z');
  assert.equal(latest('2027-01-04T08:04:59.999Z'), '2026-01-04T08:09:00.000Z');
  assert.equal(cron.next(new Date('2027-01-04T08:05:00.000Z'))?.toISOString(), '2027-01-04T08:06:00.000Z', 'the next one is strictly after');
});
