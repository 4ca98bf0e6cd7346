/**
 * The invoice font is shared by every PDF the process renders (pdf-fonts.ts): a PDF's text must still read
 * back as the letters it printed, whatever other documents (other languages) came before it.
 */
import PDFDocument from 'pdfkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { useInvoiceFonts } from './pdf-fonts.ts';

async function render(lines: string[]): Promise<Uint8Array> {
  const pdf = new PDFDocument({ size: 'A4' });
  useInvoiceFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => pdf.on('end', resolve));
  for (const line of lines) pdf.font('regular').text(line);
  pdf.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

describe('the shared invoice font', () => {
  it('keeps each letter of a document after documents in other scripts shared its glyphs', async () => {
    // Greek capitals drawn with the same glyphs as Latin ones (Alpha and A, Tau and T, Omicron and O).
    await textOf(await render(['ΑΦΜ ΤΗΛ ΟΔΟΣ Ωμέγα Αθήνα', 'Σύνολο ΦΠΑ Τράπεζα ΙΒΑΝ']));
    const latin = 'VAT Total Amount Order IBAN Abzug Overzicht';
    expect(await textOf(await render([latin]))).toContain(latin);
  });
});
