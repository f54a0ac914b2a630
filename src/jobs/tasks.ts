// The job handlers the worker runs, each a thin call into its domain service.
import type { Task } from 'graphile-worker';
import { APPROVAL_EXPIRE_JOB } from '../agents/approvals.ts';
import { AGENT_TASK_JOB } from '../agents/tasks.ts';
import type { Platform } from '../platform.ts';
import { TOOL_RUN_JOB } from '../tools/studios.ts';
import { HOOK_RECONCILE_JOB } from '../triggers/reconcile.ts';
import { HOOK_RECOVERY_JOB } from '../triggers/recovery.ts';
import { POLL_GISTS_JOB } from '../triggers/triggers.ts';

/**
 * The job of each delivery before deliveries became their own queue (006_delivery_queue.sql). Jobs an
 * older version queued still drain: the delivery they name is undispatched, so a batch takes it.
 */
const LEGACY_DISPATCH_JOB = 'dispatch_delivery';

export function taskList(platform: Platform): Record<string, Task> {
  return {
    [TOOL_RUN_JOB]: async (payload) => platform.studios.executeRun((payload as { run_id: string }).run_id),
    [AGENT_TASK_JOB]: async (payload) => platform.loop.execute((payload as { conversation_id: string }).conversation_id),
    [LEGACY_DISPATCH_JOB]: async () => void (await platform.dispatcher.dispatchBatch(100)),
    [POLL_GISTS_JOB]: async () => platform.dispatcher.pollGists(),
    [HOOK_RECONCILE_JOB]: async (payload) => platform.hookMaintenance.reconcile(payload as { then_recover?: boolean }),
    [HOOK_RECOVERY_JOB]: async () => platform.hookMaintenance.recover(),
    [APPROVAL_EXPIRE_JOB]: async (payload) => platform.approvals.expire((payload as { action_request_id: string }).action_request_id),
  };
}
