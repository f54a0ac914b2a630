// The agent's Schedules tab: recurring schedules (five-field cron in a time zone) that each start a
// new task with their message; add, list with the next run, delete, and the tasks each started.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as api from '../api/index.ts';
import { useSession } from '../session.tsx';
import { Button, Confirm, Empty, ErrorNote, Field, Loading, useAction, when } from '../ui.tsx';
import { TaskTable } from './AgentPage.tsx';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = (): string[] => {
  try {
    return (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

export function Schedules({ agent }: { agent: api.Agent }) {
  const { projectId, canEdit } = useSession();
  const client = useQueryClient();
  const key = ['schedules', projectId, agent.agentId];
  const list = useQuery({ queryKey: key, queryFn: () => api.schedules(agent.agentId), refetchInterval: 15_000 });
  const [cron, setCron] = useState('0 9 * * 1-5');
  const [timezone, setTimezone] = useState(browserZone);
  const [message, setMessage] = useState('');
  const { busy, error, run } = useAction();
  const [deleting, setDeleting] = useState<api.Schedule | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: key });

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    await run(async () => {
      await api.createSchedule(agent.agentId, { cron: cron.trim(), timezone: timezone.trim() || 'UTC', message });
      setMessage('');
      await refresh();
    });
  };
  return (
    <section aria-label="Schedules">
      <p className="hint">A schedule starts a new task of this agent with its message at every occurrence of its cron expression, in its time zone (daylight-saving changes included).</p>
      {canEdit ? (
        <form className="card" onSubmit={add} aria-labelledby="add-schedule-h">
          <h2 id="add-schedule-h">Add a schedule</h2>
          <div className="grid2">
            <Field label="Cron expression" hint="Five fields: minute hour day-of-month month day-of-week. 0 9 * * 1-5 is 09:00 on weekdays.">
              {(id) => <input id={id} required value={cron} onChange={(e) => setCron(e.target.value)} spellCheck={false} autoComplete="off" />}
            </Field>
            <Field label="Time zone" hint="An IANA time zone, such as UTC or Europe/Berlin.">
              {(id) => (
                <>
                  <input id={id} required value={timezone} onChange={(e) => setTimezone(e.target.value)} list={`${id}-zones`} spellCheck={false} autoComplete="off" />
                  <datalist id={`${id}-zones`}>
                    {zones().map((z) => (
                      <option key={z} value={z} />
                    ))}
                  </datalist>
                </>
              )}
            </Field>
          </div>
          <Field label="Message" hint="What each task starts with, as if sent in Chat.">
            {(id) => <textarea id={id} required rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />}
          </Field>
          <ErrorNote error={error} />
          <Button type="submit" variant="primary" busy={busy}>
            Add schedule
          </Button>
        </form>
      ) : null}
      <h2>Schedules of this agent</h2>
      {list.isPending ? (
        <Loading what="schedules" />
      ) : list.isError ? (
        <ErrorNote error={list.error} />
      ) : list.data.length === 0 ? (
        <Empty title="No schedules yet.">{canEdit ? 'Add one above to run this agent on a timetable.' : 'An editor of this project can add one.'}</Empty>
      ) : (
        <ul className="trigger-list">
          {list.data.map((s) => (
            <li key={s.schedule_id} className="card">
              <div className="step-head">
                <h3>
                  <code>{s.cron}</code> <span className="muted">· {s.timezone}</span>
                </h3>
                {canEdit ? (
                  <div className="actions left">
                    <Button variant="danger" onClick={() => setDeleting(s)} aria-label={`Delete schedule ${s.cron} (${s.timezone})`}>
                      Delete
                    </Button>
                  </div>
                ) : null}
              </div>
              <p className="schedule-message">{s.message}</p>
              <p className="small">
                Next run: <time dateTime={s.next_run_at}>{when(s.next_run_at)}</time> · Last run: {s.last_run_at ? <time dateTime={s.last_run_at}>{when(s.last_run_at)}</time> : 'not yet'}
              </p>
              <Button variant="link" aria-expanded={open === s.schedule_id} onClick={() => setOpen(open === s.schedule_id ? null : s.schedule_id)}>
                {open === s.schedule_id ? 'Hide tasks' : 'Show tasks'}
              </Button>
              {open === s.schedule_id ? <TaskTable agentId={agent.agentId} triggerId={s.schedule_id} emptyHint="Each occurrence starts a task here." /> : null}
            </li>
          ))}
        </ul>
      )}
      <Confirm
        title="Delete schedule"
        open={!!deleting}
        onClose={() => setDeleting(null)}
        confirmLabel="Delete schedule"
        action={async () => {
          await api.deleteSchedule(agent.agentId, deleting!.schedule_id);
          await refresh();
        }}
      >
        <p>
          No task starts from <code>{deleting?.cron}</code> ({deleting?.timezone}) after this. Tasks it started stay in the task list.
        </p>
      </Confirm>
    </section>
  );
}
