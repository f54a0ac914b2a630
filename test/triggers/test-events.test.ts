// "Send a test event" (issue 35): a trigger fired with its type's sample event makes a real task on
// its agent, listed among the trigger's activations, whose first message is the event marked as a
// test; the code host is not asked anything, no delivery is stored, and the audit trail has it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call, expectError, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { TRIGGER_TYPES } from '../../src/triggers/catalogue.ts';
import { SAMPLE_EVENTS } from '../../src/triggers/samples.ts';
import { connectCodeHost, createTrigger, firstMessage, LOGIN, newAgent, newProject, query, startTriggerServer, tasksOf, TOKEN, waitFor, type Client } from './kit.ts';

let ch: CodeHost;
let server: TestServer;
let c: Client;
let connection: string;

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'website' });
  server = await startTriggerServer(ch);
  c = await newProject(server);
  connection = await connectCodeHost(c);
});
after(() => ch?.close());

test("every type's sample event fires its type, naming the trigger's repository or organization", () => {
  const context = { repository: 'acme/site', organization: 'acme', login: 'octocat' };
  for (const type of TRIGGER_TYPES) {
    const sample = SAMPLE_EVENTS[type.type];
    assert.ok(sample, `${type.type} has a sample event`);
    const delivery = sample(context);
    if (type.polled) {
      assert.equal(delivery.payload.gist.owner.login, 'octocat', type.type);
      continue;
    }
    assert.ok(type.events.includes(delivery.event), `${type.type}: its hook is subscribed to ${delivery.event}`);
    const fired = type.match(delivery, context.login);
    assert.equal(fired.length, 1, `${type.type} fires once on its sample`);
    assert.ok(JSON.stringify(delivery.payload).includes(type.scope === 'organization' ? '"login":"acme"' : '"full_name":"acme/site"'), `${type.type} names the trigger's ${type.scope}`);
  }
});

test('a test event starts a real task marked as a test, asks nothing of the code host, and is audited', async () => {
  const agent = await newAgent(c, 'tester');
  const created = await createTrigger(c, agent, 'codehost.new_issue', connection, { repository: `${LOGIN}/website` });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const triggerId = created.body.trigger_id;
  // Paused, it still fires when asked to.
  assert.equal((await c.post(`/latest/agents/${agent}/triggers/${triggerId}/update`, { status: 'paused' })).status, 200);
  const mark = ch.requests.length;
  const delivered = ch.deliveries.length;

  const fired = await c.post(`/latest/agents/${agent}/triggers/${triggerId}/test`);
  assert.equal(fired.status, 200, JSON.stringify(fired.body));
  assert.deepEqual(Object.keys(fired.body).sort(), ['conversation_id', 'test', 'trigger_id']);
  assert.equal(fired.body.test, true);

  const tasks = await tasksOf(c, agent, { trigger_id: triggerId });
  assert.deepEqual(tasks.map((t) => [t.conversation_id, t.trigger_type]), [[fired.body.conversation_id, 'codehost.new_issue']]);
  const text = await firstMessage(c, agent, fired.body.conversation_id);
  assert.match(text, new RegExp(`^Test event: Issue #42 "The export button does nothing" was opened in ${LOGIN}/website\\.\\n\\n`));
  const event = JSON.parse(text.slice(text.indexOf('\n\n') + 2));
  assert.deepEqual([event.trigger_type, event.event, event.action, event.test, event.payload.repository.full_name], ['codehost.new_issue', 'issues', 'opened', true, `${LOGIN}/website`]);
  // The task runs (the agent has no model and no actions: it completes).
  await waitFor('the test task to finish', async () => ((await tasksOf(c, agent, { trigger_id: triggerId }))[0].state === 'completed' ? true : undefined));

  // (Reconciliation and recovery may list the hook meanwhile: their own business.)
  assert.deepEqual(ch.requests.slice(mark).filter((r) => !r.path.includes('/hooks')), [], 'the code host is not asked anything');
  assert.equal(ch.deliveries.length, delivered, 'nor does it deliver anything');
  assert.deepEqual(await query(server.databaseUrl, 'SELECT delivery_id FROM deliveries'), [], 'no delivery is stored');
  const audit = await call(server, 'POST', `/latest/organizations/${c.org.organization_id}/audit/list`, { authorization: `Bearer :${c.org.api_key}`, body: { action: 'trigger.test' } });
  assert.equal(audit.status, 200, JSON.stringify(audit.body));
  const entry = audit.body.results.find((e: any) => e.target.id === triggerId);
  assert.ok(entry, 'trigger.test is in the audit trail');
  assert.deepEqual(entry.details, { agent_id: agent, type: 'codehost.new_issue', conversation_id: fired.body.conversation_id });
});

test("a polled trigger's test event (a gist) and a mention naming the connected account", async () => {
  const agent = await newAgent(c, 'polled');
  const gist = await createTrigger(c, agent, 'codehost.new_gist', connection, {});
  assert.equal(gist.status, 200, JSON.stringify(gist.body));
  const fired = await c.post(`/latest/agents/${agent}/triggers/${gist.body.trigger_id}/test`);
  assert.equal(fired.status, 200, JSON.stringify(fired.body));
  assert.match(await firstMessage(c, agent, fired.body.conversation_id), new RegExp(`^Test event: Gist aa5a315d61ae9438b18d "Export settings" was created by ${LOGIN}\\.`));

  const mention = await createTrigger(c, agent, 'codehost.new_mention', connection, { repository: `${LOGIN}/website` });
  assert.equal(mention.status, 200, JSON.stringify(mention.body));
  const mentioned = await c.post(`/latest/agents/${agent}/triggers/${mention.body.trigger_id}/test`);
  assert.equal(mentioned.status, 200, JSON.stringify(mentioned.body));
  assert.match(await firstMessage(c, agent, mentioned.body.conversation_id), new RegExp(`^Test event: @${LOGIN} was mentioned in issue_comment \\(created\\) in ${LOGIN}/website\\.`));
});

test("another agent's trigger, or none: 404", async () => {
  const agent = await newAgent(c, 'owner');
  const other = await newAgent(c, 'other');
  const created = await createTrigger(c, agent, 'codehost.new_star', connection, { repository: `${LOGIN}/website` });
  expectError(await c.post(`/latest/agents/${other}/triggers/${created.body.trigger_id}/test`), 404, 'not_found');
  expectError(await c.post(`/latest/agents/${agent}/triggers/00000000-0000-4000-8000-000000000000/test`), 404, 'not_found');
});
