// The job handlers the worker runs, each a thin call into its domain service.
import type { Task } from 'graphile-worker';
import { AGENT_TASK_JOB } from '../agents/tasks.ts';
import type { Platform } from '../platform.ts';
import { TOOL_RUN_JOB } from '../tools/studios.ts';
import { DISPATCH_JOB } from '../triggers/receiver.ts';
import { POLL_GISTS_JOB } from '../triggers/triggers.ts';

export function taskList(platform: Platform): Record<string, Task> {
  return {
    [TOOL_RUN_JOB]: async (payload) => platform.studios.executeRun((payload as { run_id: string }).run_id),
    [AGENT_TASK_JOB]: async (payload) => platform.loop.execute((payload as { conversation_id: string }).conversation_id),
    [DISPATCH_JOB]: async (payload) => platform.dispatcher.dispatch((payload as { delivery_id: string }).delivery_id),
    [POLL_GISTS_JOB]: async () => platform.dispatcher.pollGists(),
  };
}
