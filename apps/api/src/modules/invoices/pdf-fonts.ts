/**
 * The invoice PDF's font: DejaVu Sans Condensed from the `dejavu-fonts-ttf` package (Bitstream Vera
 * licence, DejaVu changes public domain: free to embed and redistribute). It covers Latin with every
 * accent of our customers' languages, Greek and the currency signs; the PDF embeds the subset of
 * glyphs it uses. Condensed because an invoice's line table needs the width.
 *
 * Parsed once per process: pdfkit would parse the 700 KB file again for every document (measured:
 * 23 PDFs/s that way, 170/s with the parsed font shared; docs/decisions.md). Sharing is safe: pdfkit
 * makes a fresh subset per document, and the parsed font only caches glyphs, at most the font's.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export interface InvoiceFonts {
  regular: fontkit.Font;
  bold: fontkit.Font;
}

let fonts: InvoiceFonts | undefined;

function load(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

export function invoiceFonts(): InvoiceFonts {
  fonts ??= {
    regular: load('DejaVuSansCondensed.ttf'),
    bold: load('DejaVuSansCondensed-Bold.ttf'),
  };
  return fonts;
}
