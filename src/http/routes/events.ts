// Signed outbound events (issue 32 §4): a project's subscriptions and their deliveries. Each route
// calls one function of src/events.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { EVENT_DATA, EVENT_TYPES } from '../../events/catalogue.ts';
import type { Events } from '../../events/events.ts';
import { auditContext } from '../audit-context.ts';
import { projectCaller } from '../auth.ts';
import { PageFields } from '../compat/schemas.ts';

const tags = ['events'];
const Id = Type.String({ minLength: 1, maxLength: 200 });
const Timestamp = Type.String({ format: 'date-time' });
const SubscriptionParams = Type.Object({ subscription_id: Id });
const DeliveryParams = Type.Object({ subscription_id: Id, delivery_id: Id });
const Page = Type.Object({ page_size: PageFields.page_size, cursor: PageFields.cursor });
const eventList = EVENT_TYPES.map((e) => `\`${e}\` (data: ${EVENT_DATA[e]})`).join(', ');
const Secret = Type.String({ description: '`whsec_` + base64 of 32 random bytes: the Standard Webhooks signing secret. Shown only in this answer.' });

const Subscription = Type.Object({
  subscription_id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  rotated_at: Type.Union([Timestamp, Type.Null()]),
});
const Attempt = Type.Object({
  at: Timestamp,
  status: Type.Union([Type.Integer(), Type.Null()], { description: "The receiver's HTTP status; null when it did not answer (refused address, connection error, no answer within 10 s)." }),
  error: Type.Optional(Type.String({ description: 'Why there is no status.' })),
});
const Delivery = Type.Object({
  delivery_id: Type.String({ description: 'The webhook-id header of every attempt.' }),
  event: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  created_at: Timestamp,
  next_attempt_at: Type.Union([Timestamp, Type.Null()], { description: 'When a pending delivery is attempted next.' }),
  attempts: Type.Array(Attempt, { description: 'Oldest first (the newest 100).' }),
});

export function eventRoutes(app: FastifyInstance, events: Events): void {
  app.post<{ Body: { url: string; events: string[]; description?: string } }>(
    '/latest/events/subscriptions/create',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Subscribe an address to events',
        description: `Events: ${eventList}. Each is POSTed to \`url\` as \`{type, timestamp, data}\`, signed as the Standard Webhooks specification says (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature: v1,<base64 HMAC-SHA256>\`) with the secret answered here, once. A non-2xx answer, or none within 10 s, is retried on HANGAR_EVENT_RETRY_SECONDS with the same \`webhook-id\`. Only http and https; private and loopback addresses are refused unless the deployment allows them (HANGAR_ALLOW_PRIVATE_ADDRESSES), here and again at every attempt.`,
        body: Type.Object({
          url: Type.String({ minLength: 1, maxLength: 2000 }),
          events: Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 20, description: `Any of ${EVENT_TYPES.join(', ')}.` }),
          description: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: { 200: Type.Object({ subscription_id: Type.String(), secret: Secret }) },
      },
    },
    (request) => events.subscriptions.create(projectCaller(request), request.body, auditContext(request)),
  );

  app.post<{ Body: { page_size?: number; cursor?: string } }>(
    '/latest/events/subscriptions/list',
    {
      config: { auth: 'viewer' },
      schema: { tags, summary: "The project's event subscriptions (never their secrets)", description: 'Newest first.', body: Page, response: { 200: Type.Object({ results: Type.Array(Subscription), next_cursor: Type.Optional(Type.String()) }) } },
    },
    (request) => events.subscriptions.list(projectCaller(request).project.id, request.body),
  );

  app.post<{ Params: { subscription_id: string } }>(
    '/latest/events/subscriptions/:subscription_id/delete',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Remove an event subscription',
        description: 'With its deliveries: nothing more is sent to it.',
        params: SubscriptionParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ subscription_id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    (request) => events.subscriptions.remove(projectCaller(request).project.id, request.params.subscription_id, auditContext(request)),
  );

  app.post<{ Params: { subscription_id: string } }>(
    '/latest/events/subscriptions/:subscription_id/rotate_secret',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: "Replace a subscription's signing secret",
        description: 'The new secret is answered once and signs every attempt from now on (retries of earlier events included); the old one signs nothing more.',
        params: SubscriptionParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ subscription_id: Type.String(), secret: Secret }) },
      },
    },
    (request) => events.subscriptions.rotateSecret(projectCaller(request).project.id, request.params.subscription_id, auditContext(request)),
  );

  app.post<{ Params: { subscription_id: string }; Body: { page_size?: number; cursor?: string } }>(
    '/latest/events/subscriptions/:subscription_id/deliveries/list',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: "A subscription's deliveries and their attempts",
        description: 'Newest first. `state`: `pending` (not yet answered with a 2xx, attempts left), `delivered`, or `failed` (every attempt of the schedule failed).',
        params: SubscriptionParams,
        body: Page,
        response: { 200: Type.Object({ results: Type.Array(Delivery), next_cursor: Type.Optional(Type.String()) }) },
      },
    },
    (request) => events.deliveries.list(projectCaller(request).project.id, request.params.subscription_id, request.body),
  );

  app.post<{ Params: { subscription_id: string; delivery_id: string } }>(
    '/latest/events/subscriptions/:subscription_id/deliveries/:delivery_id/retry',
    {
      config: { auth: 'admin', errors: { 409: 'The delivery is being sent at this moment.' } },
      schema: {
        tags,
        summary: 'Send a delivery again now',
        description: 'One attempt now, with the same `webhook-id` and body, signed with the current secret; answers with the delivery after it (within 10 s). A pending delivery that fails goes on with its schedule; a delivered or failed one keeps its state unless this attempt succeeds.',
        params: DeliveryParams,
        body: Type.Object({}),
        response: { 200: Delivery },
      },
    },
    (request) => events.deliveries.retry(projectCaller(request).project.id, request.params.subscription_id, request.params.delivery_id),
  );
}
