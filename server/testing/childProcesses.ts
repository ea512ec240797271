// The child processes of a process, found in Linux's /proc: what a test or benchmark looks at to see
// the server's PDF process, its memory, and that it ends with the server.
import { readdirSync, readFileSync } from 'node:fs';

/** Whether a process still exists (signal 0 asks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Processes whose parent is `ppid` and whose command line contains `marker`; [] where there is no /proc. */
export function childProcesses(ppid: number, marker: string): number[] {
  return childrenOf(ppid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false; // ended while we looked
    }
  });
}

/** From each of its threads' list of children where the kernel keeps one, else from every process. */
function childrenOf(ppid: number): number[] {
  try {
    return readdirSync(`/proc/${ppid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${ppid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    // No such lists (a kernel without them), or the process is gone: look at every process.
  }
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  return pids.map(Number).filter((pid) => {
    try {
      // "pid (name) state ppid …": the name may hold spaces and brackets, so count from its last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid;
    } catch {
      return false;
    }
  });
}

/** A process's resident memory now, in MB, or NaN when it cannot be read (ended, or no /proc). */
export function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}
