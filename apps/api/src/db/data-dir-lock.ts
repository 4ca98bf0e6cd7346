/**
 * The embedded database may be opened by one process only: two processes on one PGlite folder lose
 * data silently. The lock is a file in DATA_DIR naming its holder (process id, the process's start
 * time, host, boot and PID namespace), so a crashed holder is told from a live one at once: after a
 * kill -9 the server starts again immediately (a service manager gives up after a few quick failures).
 *
 * Where the holder cannot be checked from here (another host or container sharing the folder, a
 * system without /proc, a reused process id), its heartbeat decides: the holder touches its file every
 * 5 s, and a file untouched for 15 s is free. Treating such a holder as dead would let a second
 * container open the database while the first still runs.
 *
 * Taking over a dead holder's lock needs no OS lock to be race-free: lock files are numbered
 * (`rentloop.lock.<n>`), a taker creates the next number exclusively (O_EXCL), then looks again and
 * backs off if any other live lock file exists. Two processes can both back off (both start again
 * later); they can never both hold the lock.
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

const HEARTBEAT_MS = 5_000;
const STALE_MS = 15_000;
const LOCK_FILE = /^rentloop\.lock\.([1-9][0-9]{0,8})$/;
/** The lock directory of the versions that used proper-lockfile (refreshed every 5 s while held). */
const LEGACY_LOCK = 'rentloop.lock';

interface Holder {
  pid: number;
  host: string;
  /** Boot id and PID namespace (Linux): within one scope a process id names one process. */
  scope: string | null;
  /** Start time in clock ticks since boot (Linux), which tells a reused process id apart. */
  start: string | null;
}

/** Data folders this process holds: a second lock from the same process is refused too. */
const held = new Set<string>();

function linuxScope(): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}/${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return null;
  }
}

function startTimeOf(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; starttime is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): Holder | null {
  try {
    const h = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    // A positive integer only: kill(0) and kill(-1) would signal whole process groups.
    if (!Number.isSafeInteger(h.pid) || h.pid! <= 0 || typeof h.host !== 'string') return null;
    return { pid: h.pid!, host: h.host, scope: h.scope ?? null, start: h.start ?? null };
  } catch {
    // Missing, or being written this very moment: the heartbeat decides.
    return null;
  }
}

/** 'dead' or 'live' when the holder can be checked from this process; else 'unknown'. */
function holderState(holder: Holder | null, self: Holder): 'dead' | 'live' | 'unknown' {
  if (!holder || holder.host !== self.host || holder.scope !== self.scope) return 'unknown';
  // Our own id in our own scope, and not in `held`: a previous run of ours (a restarted container's pid 1).
  if (holder.pid === self.pid || !isRunning(holder.pid)) return 'dead';
  if (self.scope === null || holder.start === null) return 'unknown';
  return startTimeOf(holder.pid) === holder.start ? 'live' : 'dead';
}

/** Free when the file is gone, its holder is dead, or its holder is unknown and its heartbeat stopped. */
function isFree(path: string, self: Holder): boolean {
  const state = holderState(readHolder(path), self);
  if (state !== 'unknown') return state === 'dead';
  const age = ageOf(path);
  return age === null || age > STALE_MS;
}

/** Milliseconds since the file was last touched; null when it is gone. */
function ageOf(path: string): number | null {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

function lockFiles(dir: string): { n: number; path: string }[] {
  return readdirSync(dir)
    .map((name) => ({ m: LOCK_FILE.exec(name), name }))
    .filter(({ m }) => m !== null)
    .map(({ m, name }) => ({ n: Number(m![1]), path: join(dir, name) }));
}

function busy(dir: string, holder: Holder | null): Error {
  const who = holder ? ` (process ${holder.pid} on ${holder.host})` : '';
  return new Error(
    `Another Rentloop process${who} is already using the embedded database in ${dir}. ` +
      'Stop it first, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
  );
}

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  if (held.has(dir)) throw busy(dir, null);
  const self: Holder = {
    pid: process.pid,
    host: hostname(),
    scope: linuxScope(),
    start: startTimeOf('self'),
  };

  const legacy = join(dir, LEGACY_LOCK);
  const legacyAge = ageOf(legacy);
  if (legacyAge !== null && legacyAge <= STALE_MS) throw busy(dir, null);
  if (legacyAge !== null) rmSync(legacy, { recursive: true, force: true });

  // A few rounds only for losing the O_EXCL race to a process that then turned out dead.
  for (let round = 0; round < 5; round++) {
    const files = lockFiles(dir);
    const taken = files.find((f) => !isFree(f.path, self));
    if (taken) throw busy(dir, readHolder(taken.path));

    const mine = join(dir, `rentloop.lock.${Math.max(0, ...files.map((f) => f.n)) + 1}`);
    try {
      writeFileSync(mine, JSON.stringify(self), { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    // Another process may have taken over the same dead holder in between, under another number.
    const others = lockFiles(dir).filter((f) => f.path !== mine);
    const rival = others.find((f) => !isFree(f.path, self));
    if (rival) {
      rmSync(mine, { force: true });
      throw busy(dir, readHolder(rival.path));
    }
    for (const f of others) rmSync(f.path, { force: true });

    held.add(dir);
    const heartbeat = setInterval(() => {
      try {
        const now = new Date();
        utimesSync(mine, now, now);
      } catch {
        // Gone (the folder was deleted): nothing left to keep fresh.
      }
    }, HEARTBEAT_MS);
    heartbeat.unref();
    return async () => {
      clearInterval(heartbeat);
      rmSync(mine, { force: true });
      held.delete(dir);
    };
  }
  throw busy(dir, null);
}
