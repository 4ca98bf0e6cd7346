/**
 * Part pdf of the billing bench (billing.ts): the invoice PDFs a billing run enqueued, made by the
 * `invoice-pdf` job (modules/invoices/pdf-job.ts) with this process pinned to one core (`taskset`, all
 * its threads; PostgreSQL's backends are not pinned and are counted apart):
 *
 * 1. the job's handler called for one invoice after another: what one worker does when it never
 *    waits for the queue. PDFs per wall second and per CPU second of this process, and the heap and
 *    RSS after a full GC at every tenth of the run (a leak shows as a rising heap);
 * 2. the same job taken from its queue by the worker (`startWorkers`, as `npm run worker` runs it) for
 *    a fixed time: what the queue's polling adds.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobContext } from '../apps/api/src/jobs/queue.ts';
import { startWorkers } from '../apps/api/src/jobs/queue.ts';
import { invoicePdfJob } from '../apps/api/src/modules/invoices/pdf-job.ts';
import { now, round } from './billing-setup.ts';
import { measureCpu } from './cpu.ts';

const WARMUP = 200;
const QUEUE_SECONDS = Number(process.env.BENCH_PDF_QUEUE_SECONDS ?? 20);

const mb = (bytes: number) => round(bytes / 1024 / 1024);
const gc = (globalThis as { gc?: () => void }).gc;

function memory() {
  gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heap_mb: mb(heapUsed), rss_mb: mb(rss) };
}

async function pendingPdfs(jc: JobContext): Promise<number[]> {
  const { rows } = await jc.database.executor.executeSql(
    `SELECT invoice_id FROM invoice_documents WHERE pdf_sha256 IS NULL ORDER BY invoice_id`,
  );
  return rows.map((r) => Number(r.invoice_id));
}

async function madePdfs(jc: JobContext): Promise<number> {
  const { rows } = await jc.database.executor.executeSql(
    `SELECT count(*) AS n FROM invoice_documents WHERE pdf_sha256 IS NOT NULL`,
  );
  return Number(rows[0]?.n);
}

export async function benchInvoicePdfs(jc: JobContext, count: number, dbName: string) {
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:billing does)');
  const core = String(cpus().length - 1);
  execFileSync('taskset', ['-a', '-cp', core, String(process.pid)], { stdio: 'ignore' });
  const pending = await pendingPdfs(jc);
  if (pending.length < count) throw new Error(`pdf: only ${pending.length} invoices without a PDF`);
  // Warm-up on invoices the measured run does not make (the last ones), as many as there are.
  const measured = pending.slice(0, count);
  const warm = pending.slice(count).slice(-WARMUP);
  const handle = (invoiceId: number) => invoicePdfJob.handler({ invoiceId }, jc);
  for (const id of warm) await handle(id);

  const before = memory();
  const samples: { pdfs: number; heap_mb: number; rss_mb: number }[] = [];
  const step = Math.max(1, Math.floor(count / 10));
  let paused = 0;
  // BENCH_BILLING_PROFILE=1: a CPU profile of the measured renders alone (bench/results/billing-pdf.cpuprofile).
  const session = process.env.BENCH_BILLING_PROFILE === '1' ? new Session() : null;
  session?.connect();
  await session?.post('Profiler.enable');
  await session?.post('Profiler.start');
  const cpu = measureCpu(process.pid, cpus().length, dbName);
  const node0 = process.cpuUsage();
  const t0 = now();
  for (const [i, id] of measured.entries()) {
    await handle(id);
    if ((i + 1) % step === 0) {
      // The GC for the reading is not the job's time.
      const pause = now();
      samples.push({ pdfs: i + 1, ...memory() });
      paused += now() - pause;
    }
  }
  const wall = (now() - t0 - paused) / 1000;
  const nodeCpu = process.cpuUsage(node0);
  const used = cpu.stop();
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync('results', { recursive: true });
    writeFileSync('results/billing-pdf.cpuprofile', JSON.stringify(profile));
    session.disconnect();
  }
  const made = await madePdfs(jc);
  if (made < count) throw new Error(`pdf: ${made} PDFs stored, ${count} made`);
  const nodeCpuS = (nodeCpu.user + nodeCpu.system) / 1e6;

  // Through the queue: the remaining invoices' jobs, taken by the worker for QUEUE_SECONDS.
  const queued = (await pendingPdfs(jc)).length;
  let queue: Record<string, number> | null = null;
  if (queued > 0 && jc.boss) {
    // The jobs of the PDFs made above would be taken first and find their PDF stored: not the work.
    await jc.database.executor.executeSql(
      `DELETE FROM pgboss.job WHERE name = $1 AND (data->>'invoiceId')::bigint IN
         (SELECT invoice_id FROM invoice_documents WHERE pdf_sha256 IS NOT NULL)`,
      [invoicePdfJob.name],
    );
    const start = await madePdfs(jc);
    await startWorkers(jc.boss, [invoicePdfJob], jc);
    const q0 = now();
    await sleep(QUEUE_SECONDS * 1000);
    const n = (await madePdfs(jc)) - start;
    queue = {
      seconds: QUEUE_SECONDS,
      pdfs: n,
      per_s: round(n / ((now() - q0) / 1000)),
      queued_before: queued,
    };
    await jc.boss.offWork(invoicePdfJob.name);
  }
  return {
    part: 'pdf',
    core: Number(core),
    pdfs: count,
    warmup: warm.length,
    per_s: Math.round(count / wall),
    per_node_cpu_s: Math.round(count / nodeCpuS),
    node_cpu_ms_per_pdf: round((nodeCpuS * 1000) / count, 2),
    postgres_cpu_ms_per_pdf: round((used.postgres_s * 1000) / count, 2),
    other_load_pct: Math.round((used.other_s / used.capacity_s) * 100),
    before,
    after: memory(),
    samples,
    through_the_queue: queue,
  };
}
