// The project's signed event subscriptions and their deliveries (README "Signed outbound events"),
// through the typed client like every other call.
import { api, ok, type paths } from './client.ts';

/** The events a subscription may ask for (src/events/catalogue.ts), in words. */
export const EVENT_TYPES: Array<{ value: string; label: string }> = [
  { value: 'task.completed', label: 'A task completed' },
  { value: 'task.failed', label: 'A task failed (timed out or unrecoverable)' },
  { value: 'task.pending_approval', label: 'A task waits for an approval' },
];

type SubscriptionRow = paths['/latest/events/subscriptions/list']['post']['responses'][200]['content']['application/json']['results'][number];
type DeliveryRow = paths['/latest/events/subscriptions/{subscription_id}/deliveries/list']['post']['responses'][200]['content']['application/json']['results'][number];

export interface Subscription {
  subscriptionId: string;
  url: string;
  events: string[];
  description: string;
  createdAt: string;
  /** When its signing secret was last replaced, if ever. */
  rotatedAt: string | null;
}
export interface Delivery {
  deliveryId: string;
  event: string;
  state: DeliveryRow['state'];
  createdAt: string;
  nextAttemptAt: string | null;
  /** The newest attempt: the receiver's status, or why there is none. */
  lastAttempt: { at: string; status: number | null; error?: string } | undefined;
  attempts: number;
}

const subscriptionOf = (s: SubscriptionRow): Subscription => ({ subscriptionId: s.subscription_id, url: s.url, events: s.events, description: s.description ?? '', createdAt: s.created_at, rotatedAt: s.rotated_at });
const deliveryOf = (d: DeliveryRow): Delivery => ({
  deliveryId: d.delivery_id,
  event: d.event,
  state: d.state,
  createdAt: d.created_at,
  nextAttemptAt: d.next_attempt_at,
  lastAttempt: d.attempts.at(-1),
  attempts: d.attempts.length,
});
const path = (subscriptionId: string) => ({ params: { path: { subscription_id: subscriptionId } } });

export async function subscriptions(): Promise<Subscription[]> {
  return (await ok(api.POST('/latest/events/subscriptions/list', { body: { page_size: 100 } }))).results.map(subscriptionOf);
}
/** Answers the signing secret: the only time Hangar shows it. */
export async function subscribe(url: string, events: string[], description: string): Promise<{ subscriptionId: string; secret: string }> {
  const r = await ok(api.POST('/latest/events/subscriptions/create', { body: { url, events, ...(description ? { description } : {}) } }));
  return { subscriptionId: r.subscription_id, secret: r.secret };
}
/** A new signing secret, answered once; the old one signs nothing more. */
export async function rotateSecret(subscriptionId: string): Promise<string> {
  return (await ok(api.POST('/latest/events/subscriptions/{subscription_id}/rotate_secret', { ...path(subscriptionId), body: {} }))).secret;
}
export const unsubscribe = (subscriptionId: string) => ok(api.POST('/latest/events/subscriptions/{subscription_id}/delete', { ...path(subscriptionId), body: {} }));
/** The newest deliveries, newest first. */
export async function deliveries(subscriptionId: string): Promise<Delivery[]> {
  return (await ok(api.POST('/latest/events/subscriptions/{subscription_id}/deliveries/list', { ...path(subscriptionId), body: { page_size: 10 } }))).results.map(deliveryOf);
}
export async function retry(subscriptionId: string, deliveryId: string): Promise<Delivery> {
  return deliveryOf(await ok(api.POST('/latest/events/subscriptions/{subscription_id}/deliveries/{delivery_id}/retry', { params: { path: { subscription_id: subscriptionId, delivery_id: deliveryId } }, body: {} })));
}
