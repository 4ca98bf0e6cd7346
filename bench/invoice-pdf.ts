/**
 * Invoice PDFs as the issuing job makes them (docs/performance.md, "Invoice PDFs"): N renders of a
 * 10-line invoice one after another in one process, the target being >= 100 per second on one core
 * with memory flat over 10,000. Prints the rate per wall second and per CPU second of this process
 * (the honest figure on a shared machine), and the heap and RSS after a full GC at every tenth of the
 * run: a leak shows as a rising heap, not as one high reading.
 *
 * npm run bench:invoice-pdf -w bench   (BENCH_PDFS=10000, BENCH_PDF_LINES=10; pinned to one core with taskset)
 */
import { performance } from 'node:perf_hooks';
import { renderInvoicePdf } from '../apps/api/src/modules/invoices/pdf.ts';
import { sampleInvoiceDocument } from '../apps/api/src/modules/invoices/pdf-sample.ts';

const COUNT = Number(process.env.BENCH_PDFS ?? 10_000);
const LINES = Number(process.env.BENCH_PDF_LINES ?? 10);
const WARMUP = 200;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:invoice-pdf -w bench does)');
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function memory() {
  gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heap_mb: mb(heapUsed), rss_mb: mb(rss) };
}

// Different numbers, as the job renders different invoices (nothing may be cached per document).
const doc = (i: number) => ({ ...sampleInvoiceDocument({ lines: LINES }), number: `RE-2026-${i}` });

for (let i = 0; i < WARMUP; i++) await renderInvoicePdf(doc(i));
const before = memory();
const samples: { renders: number; heap_mb: number; rss_mb: number }[] = [];
let bytes = 0;
let measured = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const step = Math.max(1, Math.floor(COUNT / 10));
for (let i = 1; i <= COUNT; i++) {
  bytes += (await renderInvoicePdf(doc(i))).length;
  if (i % step === 0) {
    // The GC for the reading is not the renders' time.
    const pause = performance.now();
    samples.push({ renders: i, ...memory() });
    measured += performance.now() - pause;
  }
}
const wall = (performance.now() - t0 - measured) / 1000;
const cpu = process.cpuUsage(cpu0);
const after = memory();

console.log(
  JSON.stringify(
    {
      renders: COUNT,
      lines_per_invoice: LINES,
      pdfs_per_s: Math.round(COUNT / wall),
      pdfs_per_cpu_s: Math.round(COUNT / ((cpu.user + cpu.system) / 1e6)),
      mean_ms: Math.round((wall / COUNT) * 1e5) / 100,
      mean_pdf_kb: Math.round(bytes / COUNT / 102.4) / 10,
      before,
      after,
      samples,
      node: process.version,
    },
    null,
    2,
  ),
);
