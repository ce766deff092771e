import { readdir, readFile } from 'node:fs/promises';

/** The processes whose parent is `pid`: the workers of a WEB_CONCURRENCY primary. */
export async function childPids(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The parent pid is the second field after the command name, which may hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) children.push(Number(entry));
  }
  return children.sort((a, b) => a - b);
}
