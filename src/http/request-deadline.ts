// The request's bound on database waits (issue 33 §3): a request waiting on a frozen database is
// answered 503 within 10 s, however many statements, pool waits and retries stand between it and
// its answer (each has its own timeout, which alone add up past that: a `--processes 2` run kept
// one request 10.7 s). From DEADLINE_MS after it arrived, a request still unanswered while the
// process's database has answered nothing for STUCK_MS with something waiting on it
// (src/db/waits.ts) is answered 503 with Retry-After, in the contract's error body (SCIM's on
// /scim/v2). Its work is not interrupted: what it records (a step already run, say) is still recorded
// when the database comes back, and what it would have answered is dropped quietly. A request busy
// elsewhere (a provider, a model) while the database answers is not cut; one busy elsewhere while the
// database answers nothing is, since it cannot record what it got until the database is back.
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OutageLog } from '../db/faults.ts';
import { unansweredMs } from '../db/waits.ts';
import { send, serviceUnavailable } from './errors.ts';

/** When a request still waiting on the database is answered 503. */
const DEADLINE_MS = 8_500;
/** How long the database must have answered nothing: a statement that answers is not a frozen database. */
const STUCK_MS = 1_000;
const CHECK_MS = 100;
const SCIM = /^\/scim\/v2(?:[/?#]|$)/;

function answer503(request: FastifyRequest, reply: FastifyReply): void {
  const error = serviceUnavailable();
  if (SCIM.test(request.url)) {
    reply
      .code(503)
      .header('retry-after', String(error.retryAfterSeconds))
      .type('application/scim+json; charset=utf-8')
      .send({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '503', detail: error.message });
  } else {
    send(reply, error);
  }
  // The handler still finishes (its work is not interrupted); Fastify would log its late answer, or
  // its failure, as a reply sent twice: the 503 above is the one answer, and the outage is said once.
  (reply as unknown as { log: FastifyRequest['log'] }).log = request.log.child({}, { level: 'silent' });
}

const REPLY = Symbol('hangar.reply');
type Tracked = { [REPLY]?: FastifyReply };

export function registerRequestDeadline(app: FastifyInstance, outage: OutageLog): void {
  // Nothing per request but one property: a timer, a listener or a list entry per request keeps its
  // objects alive past their answer, into the old generation (the API Call's CPU per call rose by a
  // fifth with a list swept every 100 ms: bench/README.md). The open requests are found, only while
  // the database answers nothing, through the connections: each HTTP/1 socket's response in flight.
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const sweep = setInterval(() => {
    if (unansweredMs() < STUCK_MS) return;
    for (const socket of sockets) {
      const reply = (socket as Socket & { _httpMessage?: Tracked })._httpMessage?.[REPLY];
      if (!reply || reply.sent || reply.raw.headersSent || reply.elapsedTime < DEADLINE_MS) continue;
      outage.failed(new Error(`a request waited on the database past ${DEADLINE_MS / 1000} s`), 'request(s) answered 503');
      answer503(reply.request, reply);
    }
  }, CHECK_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  app.addHook('onRequest', (_request, reply, done) => {
    (reply.raw as Tracked)[REPLY] = reply;
    done();
  });
}
