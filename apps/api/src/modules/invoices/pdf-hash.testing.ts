/**
 * Prints the SHA-256 of the sample invoice's PDF with N lines, rendered in this (fresh) process: the
 * determinism test compares it with its own render, so nothing of one process's state (a cache, the
 * clock, a counter) can make two renders of one document agree only by accident.
 */
import { createHash } from 'node:crypto';
import { renderInvoicePdf } from './pdf.ts';
import { sampleInvoiceDocument } from './pdf-sample.ts';

const lines = Number(process.argv[2] ?? 10);
const bytes = await renderInvoicePdf(sampleInvoiceDocument({ lines }));
process.stdout.write(`${createHash('sha256').update(bytes).digest('hex')}\n`);
