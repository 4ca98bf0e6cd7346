// Preloaded into a bench's server (NODE_OPTIONS="--require ./bench/memory-file.cjs"): its own memory as a
// JSON line appended to BENCH_MEMORY_FILE every BENCH_MEMORY_MS (1 s), so a bench can say where the server's
// RSS goes (V8's heap, memory outside it such as Buffers, or neither: code, stacks, the allocator's free
// lists). Unref'd: never keeps a process alive.
const { appendFileSync } = require('node:fs');
const v8 = require('node:v8');
const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  const every = Number(process.env.BENCH_MEMORY_MS || 1000);
  const mb = (n) => Math.round((n / 1048576) * 10) / 10;
  // BENCH_MEMORY_GC=1 (with --expose-gc): a full collection before each sample, so the heap is what lives on,
  // not garbage V8 has not collected yet.
  const collect = process.env.BENCH_MEMORY_GC === '1' && typeof global.gc === 'function';
  setInterval(() => {
    if (collect) global.gc();
    const m = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({
        t: Date.now(),
        pid: process.pid,
        rss_mb: mb(m.rss),
        heap_used_mb: mb(m.heapUsed),
        heap_total_mb: mb(m.heapTotal),
        external_mb: mb(m.external),
        array_buffers_mb: mb(m.arrayBuffers),
        // V8's spaces (new_space: the young generation, mostly a request's garbage; old_space: what lives on).
        spaces: Object.fromEntries(
          v8
            .getHeapSpaceStatistics()
            .filter((space) => space.space_size > 0)
            .map((space) => [
              space.space_name,
              { size_mb: mb(space.space_size), used_mb: mb(space.space_used_size) },
            ]),
        ),
      })}\n`,
    );
  }, every).unref();
}
