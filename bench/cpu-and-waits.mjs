// What a load costs the machine while it runs (bench/orders.mjs): CPU seconds of the processes
// involved, read from /proc, and what PostgreSQL's connections wait on, sampled.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const CLOCK_TICKS = 100;

/** The fields of /proc/<pid>/stat after the command's name (the state first), or null. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // ended meanwhile
  }
}

/** CPU seconds used so far by the processes given (user + system), from /proc. */
export function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / CLOCK_TICKS;
}

/**
 * CPU seconds used so far by the PostgreSQL server on this machine: every postgres process's
 * own, and the postmaster's count of its ended children. A backend's CPU stays counted after a
 * pool closes its connection (the postmaster collects it), so a step's difference is the
 * server's whole work, not only that of the backends alive at both ends of it. Null when no
 * postgres process runs on this machine.
 */
export function postgresCpuSeconds() {
  const processes = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // ended meanwhile
    }
    const fields = statFields(entry);
    if (fields) processes.set(entry, fields);
  }
  if (processes.size === 0) return null; // PostgreSQL runs elsewhere: its CPU is not ours to read
  let ticks = 0;
  for (const fields of processes.values()) {
    ticks += Number(fields[11]) + Number(fields[12]);
    // The postmaster (its parent is not a postgres process) holds its ended children's time.
    if (!processes.has(fields[1])) ticks += Number(fields[13]) + Number(fields[14]);
  }
  return ticks / CLOCK_TICKS;
}

/** What the database's connections wait on while the load runs, sampled every 100 ms. */
export function sampleWaits(adminUrl, database) {
  const client = new pg.Client({ connectionString: adminUrl });
  const tally = { samples: 0, active: 0, idleInTransaction: 0, lock: 0, io: 0, lwlock: 0 };
  let timer;
  const ready = client.connect().then(() => {
    timer = setInterval(async () => {
      try {
        const { rows } = await client.query(
          `select state, wait_event_type from pg_stat_activity
            where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
          [database],
        );
        tally.samples += 1;
        for (const row of rows) {
          // Idle in a transaction: the server holds it open while it works or waits.
          if (row.state === 'idle in transaction') tally.idleInTransaction += 1;
          if (row.state !== 'active') continue;
          tally.active += 1;
          if (row.wait_event_type === 'Lock') tally.lock += 1;
          else if (row.wait_event_type === 'IO') tally.io += 1;
          else if (row.wait_event_type === 'LWLock') tally.lwlock += 1;
        }
      } catch {
        // the database is going away
      }
    }, 100);
  });
  return async () => {
    await ready;
    clearInterval(timer);
    await client.end();
    return tally;
  };
}
