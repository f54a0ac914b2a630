import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as events from '../api/events.ts';
import { useSession } from '../session.tsx';
import { Button, Columns, Confirm, CopyButton, Empty, ErrorNote, Field, Loading, Modal, useAction, when } from '../ui.tsx';

const STATE_TEXT: Record<events.Delivery['state'], string> = { pending: 'Retrying', delivered: 'Delivered', failed: 'Failed' };
const stateClass = (state: events.Delivery['state']) => (state === 'delivered' ? 'ok' : state === 'failed' ? 'bad' : '');
const eventLabel = (value: string) => events.EVENT_TYPES.find((e) => e.value === value)?.label ?? value;

/** A project's signed event subscriptions: what is sent where, how the last deliveries went, and Retry. */
export function Events() {
  const { projectId, isAdmin } = useSession();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['event-subscriptions', projectId], queryFn: events.subscriptions });
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<events.Subscription | null>(null);
  const [rotating, setRotating] = useState<events.Subscription | null>(null);
  const rotated = useSecretOnce();
  const refresh = () => client.invalidateQueries({ queryKey: ['event-subscriptions', projectId] });
  return (
    <>
      <div className="page-head">
        <h1>Events</h1>
        {isAdmin ? (
          <Button variant="primary" onClick={() => setCreating(true)}>
            New subscription
          </Button>
        ) : null}
      </div>
      <p className="hint">
        Hangar POSTs a signed event to each address subscribed here when a task of this project completes, fails or waits for an approval. Receivers check the <code>webhook-signature</code>{' '}
        header with the subscription's secret (the Standard Webhooks libraries do it as they are).
      </p>
      {list.isPending ? (
        <Loading what="subscriptions" />
      ) : list.isError ? (
        <ErrorNote error={list.error} />
      ) : list.data.length === 0 ? (
        <Empty title="No subscriptions yet.">{isAdmin ? 'Subscribe an address with “New subscription”.' : 'An admin of this project can subscribe an address.'}</Empty>
      ) : (
        <ul className="trigger-list">
          {list.data.map((s) => (
            <SubscriptionCard key={s.subscriptionId} subscription={s} onRotate={() => setRotating(s)} onRemove={() => setRemoving(s)} />
          ))}
        </ul>
      )}
      {isAdmin ? <NewSubscription open={creating} onClose={() => setCreating(false)} onCreated={refresh} /> : null}
      {/* Asked first: the receiver refuses every event until it is given the new secret. */}
      <Confirm
        title="Rotate signing secret"
        open={!!rotating}
        onClose={() => setRotating(null)}
        confirmLabel="Rotate secret"
        action={async () => {
          rotated.setSecret(await events.rotateSecret(rotating!.subscriptionId));
          await refresh();
        }}
      >
        <p>
          Events to <code className="break">{rotating?.url}</code> are signed with a new secret from now on, retries of earlier events included. The present secret signs nothing more: give the new one
          to the receiver, or it will refuse them.
        </p>
      </Confirm>
      <Modal title="New signing secret" open={!!rotated.secret} onClose={rotated.reset} confirmClose={rotated.confirmClose}>
        {rotated.secret ? <SecretOnce secret={rotated.secret} onCopied={rotated.copied} onDone={rotated.reset} /> : null}
      </Modal>
      <Confirm
        title="Remove subscription"
        open={!!removing}
        onClose={() => setRemoving(null)}
        confirmLabel="Remove subscription"
        action={async () => {
          await events.unsubscribe(removing!.subscriptionId);
          await refresh();
        }}
      >
        <p>
          Nothing more is sent to <code className="break">{removing?.url}</code>, and its deliveries are removed, retries included.
        </p>
      </Confirm>
    </>
  );
}

function SubscriptionCard({ subscription: s, onRotate, onRemove }: { subscription: events.Subscription; onRotate: () => void; onRemove: () => void }) {
  const { projectId, isAdmin } = useSession();
  const [open, setOpen] = useState(false);
  // Deliveries are an admin's to read (the API answers others 403).
  const deliveries = useQuery({ queryKey: ['event-deliveries', projectId, s.subscriptionId], queryFn: () => events.deliveries(s.subscriptionId), enabled: isAdmin });
  const last = deliveries.data?.[0];
  return (
    <li className="card">
      <div className="step-head">
        <h2 className="card-title">
          <code className="break">{s.url}</code>
        </h2>
        {isAdmin ? (
          <div className="actions left">
            <Button onClick={onRotate} aria-label={`Rotate the signing secret of ${s.url}`}>
              Rotate secret
            </Button>
            <Button variant="danger" onClick={onRemove} aria-label={`Remove subscription ${s.url}`}>
              Remove
            </Button>
          </div>
        ) : null}
      </div>
      {s.description ? <p>{s.description}</p> : null}
      <p className="small">
        Sends: {s.events.map((e) => eventLabel(e)).join(' · ')} · Created <time dateTime={s.createdAt}>{when(s.createdAt)}</time>
        {s.rotatedAt ? (
          <>
            {' '}
            · Secret rotated <time dateTime={s.rotatedAt}>{when(s.rotatedAt)}</time>
          </>
        ) : null}
      </p>
      {isAdmin ? (
        <>
          <p className="small">
            Last delivery:{' '}
            {deliveries.isPending ? (
              'loading…'
            ) : deliveries.isError ? (
              'could not be read'
            ) : last ? (
              <>
                <span className={`badge ${stateClass(last.state)}`}>{STATE_TEXT[last.state]}</span> {last.event}, <time dateTime={last.createdAt}>{when(last.createdAt)}</time>
              </>
            ) : (
              'none yet'
            )}
          </p>
          <ErrorNote error={deliveries.error} />
          <Button variant="link" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide deliveries' : 'Show deliveries'}
          </Button>
          {open ? <Deliveries subscription={s} list={deliveries.data ?? []} /> : null}
        </>
      ) : null}
    </li>
  );
}

function Deliveries({ subscription, list }: { subscription: events.Subscription; list: events.Delivery[] }) {
  if (list.length === 0) return <p className="muted">No event has been sent to this address yet.</p>;
  return (
    <table aria-label={`Deliveries to ${subscription.url}`}>
      <Columns names={['Event', 'State']} />
      <tbody>
        {list.map((d) => (
          <DeliveryRow key={d.deliveryId} subscription={subscription} delivery={d} />
        ))}
      </tbody>
    </table>
  );
}

function DeliveryRow({ subscription, delivery: d }: { subscription: events.Subscription; delivery: events.Delivery }) {
  const { projectId } = useSession();
  const client = useQueryClient();
  const { busy, error, run } = useAction();
  const attempt = d.lastAttempt;
  return (
    <tr>
      <td>
        <code className="nowrap">{d.event}</code>
        <div className="small muted">
          <time dateTime={d.createdAt}>{when(d.createdAt)}</time>
        </div>
      </td>
      <td>
        <span className={`badge ${stateClass(d.state)}`}>{STATE_TEXT[d.state]}</span>
        <div className="small">
          {attempt ? (
            <>
              {attempt.status !== null ? `HTTP ${attempt.status}` : (attempt.error ?? 'no answer')} · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}, last <time dateTime={attempt.at}>{when(attempt.at)}</time>
            </>
          ) : (
            'not attempted yet'
          )}
        </div>
        {d.state === 'pending' && d.nextAttemptAt ? (
          <div className="small muted">
            Next attempt <time dateTime={d.nextAttemptAt}>{when(d.nextAttemptAt)}</time>
          </div>
        ) : null}
      </td>
      <td>
        <Button
          busy={busy}
          aria-label={`Retry ${d.event} delivery of ${when(d.createdAt)}`}
          onClick={() =>
            void run(async () => {
              await events.retry(subscription.subscriptionId, d.deliveryId);
              await client.invalidateQueries({ queryKey: ['event-deliveries', projectId, subscription.subscriptionId] });
            })
          }
        >
          Retry
        </Button>
        <ErrorNote error={error} />
      </td>
    </tr>
  );
}

const UNCOPIED = 'Close without copying the secret? Hangar will not show it again; the receiver could not check any event.';

/** A secret to show once and whether it was copied: closing before Copy asks first (`confirmClose`). */
function useSecretOnce() {
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  return {
    secret,
    setSecret,
    copied: () => setCopied(true),
    confirmClose: secret && !copied ? UNCOPIED : undefined,
    reset: () => {
      setSecret(null);
      setCopied(false);
    },
  };
}

/** A signing secret, shown once: the receiver needs it to check every event from now on. */
function SecretOnce({ secret, onCopied, onDone }: { secret: string; onCopied: () => void; onDone: () => void }) {
  return (
    <>
      <p>Copy the signing secret now and give it to the receiver: Hangar will not show it again.</p>
      <div className="row">
        <Field label="Signing secret" id="new-secret">
          {(id) => <input id={id} readOnly autoFocus value={secret} className="mono" onFocus={(e) => e.target.select()} />}
        </Field>
        <CopyButton text={secret} targetId="new-secret" onCopied={onCopied} />
      </div>
      <div className="actions">
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    </>
  );
}

/** The form, then the signing secret, shown once: closing before Copy asks first. */
function NewSubscription({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>(['task.completed', 'task.failed']);
  const [description, setDescription] = useState('');
  const { secret, setSecret, copied, confirmClose, reset } = useSecretOnce();
  const { busy, error, setError, run } = useAction();
  const close = () => {
    reset();
    setUrl('');
    setDescription('');
    setChosen(['task.completed', 'task.failed']);
    setError(null);
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (chosen.length === 0) throw new Error('Choose at least one event.');
      const created = await events.subscribe(url.trim(), chosen, description.trim());
      setSecret(created.secret);
      onCreated();
    });
  };
  return (
    <Modal
      title={secret ? 'Subscription created' : 'New subscription'}
      open={open}
      onClose={close}
      confirmClose={confirmClose}
    >
      {secret ? (
        <SecretOnce secret={secret} onCopied={copied} onDone={close} />
      ) : (
        <form onSubmit={submit} aria-label="New subscription">
          <Field label="Address (URL)" hint="http or https; Hangar POSTs each event here.">
            {(id) => <input id={id} type="url" required maxLength={2000} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…/hangar-events" />}
          </Field>
          <fieldset>
            <legend>Events</legend>
            {events.EVENT_TYPES.map((t) => (
              <label key={t.value} className="check">
                <input type="checkbox" checked={chosen.includes(t.value)} onChange={(e) => setChosen(e.target.checked ? [...chosen, t.value] : chosen.filter((x) => x !== t.value))} />
                {t.label} <code className="small">{t.value}</code>
              </label>
            ))}
          </fieldset>
          <Field label="Description (optional)">{(id) => <input id={id} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
          <ErrorNote error={error} />
          <div className="actions">
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="primary" busy={busy}>
              Subscribe
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
