/** A local webhook receiver for the tests: records every request, answers as the test says. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Clock } from '../../context.ts';
import type { JobContext } from '../../jobs/queue.ts';
import type { Harness } from '../../testing/harness.ts';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status the receiver answers with (503 plays an outage). */
  status: number;
  /** A status for one request instead of `status` (undefined: `status`). */
  answer?: (request: Received) => number | undefined;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const r = { received: [] as Received[], status: 200 } as Receiver;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      r.received.push(request);
      const status = r.answer?.(request) ?? r.status;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'ok' : 'down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  r.close = () => new Promise((resolve) => server.close(() => resolve()));
  return r;
}

/** The job context the engine runs in, on the harness's database and key. */
export const engineJc = (h: Harness, clock: Clock): JobContext => ({
  database: h.database,
  clock,
  secrets: h.secrets,
  allowPrivateShopUrls: true,
  log: { info: () => {}, error: () => {} },
});
