/**
 * V8's settings for the server and the worker processes, set before their code runs: main.ts and
 * worker.ts import this module first (and bench/data-export.ts, which runs the export job in its own
 * process, to measure what they run).
 *
 * Allocation-site pretenuring is off (docs/decisions.md, decision 100). V8 watches where objects are
 * made, and when most objects of one site outlive a scavenge it makes that site's objects in the old
 * generation from then on, where only a full collection frees them. A server's objects are a
 * request's or a job's and die young; one moment when a site's objects were alive together (a batch of
 * a data export's rows being read) was enough to tenure the site, and the export of 1,000,000 orders then
 * filled the old generation with garbage: the heap grew by 208-217 MB where it grows by 24 MB without
 * (docs/performance.md "Data export").
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
