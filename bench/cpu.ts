/**
 * Where the machine's CPU went during a run: the server, PostgreSQL's processes, the load generator
 * (this process) and everything else. "Everything else" matters on a shared machine: another job
 * running on the same cores lowers every figure, and the report says so.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_S = 100; // USER_HZ on Linux

interface Snapshot {
  at: number;
  /** Busy ticks of the whole machine (all CPUs). */
  busy: number;
  /** utime + stime ticks by pid, with the command name. */
  procs: Map<number, { comm: string; ticks: number; cmd: string }>;
}

function machineBusy(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, ...v] = line.trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = v;
  return user + nice + system + irq + softirq + steal;
}

function snapshot(): Snapshot {
  const procs = new Map<number, { comm: string; ticks: number; cmd: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // fields[0] is field 3 (state); utime is field 14, stime field 15.
      // A PostgreSQL backend names its database in its title ("postgres: 15/main: postgres rentloop_bench ...").
      const cmd = comm === 'postgres' ? readFileSync(`/proc/${name}/cmdline`, 'utf8') : '';
      procs.set(Number(name), { comm, ticks: Number(fields[11]) + Number(fields[12]), cmd });
    } catch {
      // the process ended meanwhile
    }
  }
  return { at: Date.now(), busy: machineBusy(), procs };
}

export interface CpuUse {
  /** Seconds of CPU, over the run. */
  server_s: number;
  postgres_s: number;
  load_generator_s: number;
  other_s: number;
  /** The machine's capacity over the run (wall seconds x CPUs). */
  capacity_s: number;
}

/**
 * A process of the bench's own PostgreSQL server (bench/pg-server.sh names it in every process title by its
 * `cluster_name`): the checkpointer, WAL writer and autovacuum workers serve only the bench there, so they
 * count as PostgreSQL's CPU too. On a shared server only the bench database's backends do.
 */
const ofBenchCluster = (cmd: string) =>
  Boolean(process.env.BENCH_PG_CLUSTER) && cmd.startsWith(`postgres: ${process.env.BENCH_PG_CLUSTER}: `);

/** Starts counting; `database` picks the PostgreSQL backends that serve the bench's database. */
export function measureCpu(serverPid: number, cpus: number, database: string): { stop(): CpuUse } {
  const start = snapshot();
  return {
    stop() {
      const end = snapshot();
      let server = 0;
      let postgres = 0;
      let self = 0;
      for (const [pid, p] of end.procs) {
        const before = start.procs.get(pid);
        const d = p.ticks - (before && before.comm === p.comm ? before.ticks : 0);
        if (!before && d <= 0) continue;
        if (pid === serverPid) server += d;
        else if (pid === process.pid) self += d;
        else if (p.comm === 'postgres' && (p.cmd.includes(` ${database} `) || ofBenchCluster(p.cmd)))
          postgres += d;
      }
      const busy = end.busy - start.busy;
      const s = (ticks: number) => ticks / TICKS_PER_S;
      return {
        server_s: s(server),
        postgres_s: s(postgres),
        load_generator_s: s(self),
        other_s: Math.max(0, s(busy - server - postgres - self)),
        capacity_s: ((end.at - start.at) / 1000) * cpus,
      };
    },
  };
}

/**
 * On a shared machine, waits (up to `maxSeconds`) for a second in which other processes use less
 * than `threshold` of the CPU, so a run does not start in the middle of someone else's build.
 * Returns the busy share of the last second sampled.
 */
export async function waitForQuiet(maxSeconds: number, threshold = 0.2): Promise<number> {
  const cpus =
    readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .filter((l) => /^cpu\d/.test(l)).length || 1;
  const deadline = Date.now() + maxSeconds * 1000;
  for (;;) {
    const before = machineBusy();
    await new Promise((r) => setTimeout(r, 1000));
    const share = (machineBusy() - before) / TICKS_PER_S / cpus;
    if (share < threshold || Date.now() >= deadline) return share;
  }
}
