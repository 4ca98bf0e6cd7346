// Preloaded into each soak process (bench/soak-fleet.ts, NODE_OPTIONS=--require): its own memory as a
// JSON line on stdout every SOAK_MEMORY_MS (10 s), read by the soak driver. Unref'd: never keeps a
// process alive.
const every = Number(process.env.SOAK_MEMORY_MS || 10000);
const mb = (n) => Math.round((n / 1048576) * 10) / 10;
const write = () => {
  const m = process.memoryUsage();
  process.stdout.write(
    `${JSON.stringify({
      soak_memory: {
        t: Date.now(),
        rss_mb: mb(m.rss),
        heap_used_mb: mb(m.heapUsed),
        heap_total_mb: mb(m.heapTotal),
        external_mb: mb(m.external),
      },
    })}\n`,
  );
};
setInterval(write, every).unref();
