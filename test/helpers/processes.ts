// Process checks shared by the tests that start and stop real Hangar processes.
import { readFileSync } from 'node:fs';

/** Running, and not a zombie waiting for a parent (an orphan's new parent may never reap it). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}
