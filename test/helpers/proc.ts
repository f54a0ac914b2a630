// Reading processes from /proc: no node:test here, so benches use it too (processes.ts re-exports it
// for the tests).
import { readdirSync, readFileSync } from 'node:fs';

/** The state letter of /proc/<pid>/stat ('R', 'S', 'T' stopped, 'Z' zombie…); undefined when gone. */
export function stateOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  } catch {
    return undefined;
  }
}

/** Running (or stopped), and not a zombie waiting for a parent (an orphan's new parent may never reap it). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const state = stateOf(pid);
  return state !== 'Z' && state !== 'X';
}

/** Live processes whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid && alive(Number(entry))) out.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return out.sort((a, b) => a - b);
}
