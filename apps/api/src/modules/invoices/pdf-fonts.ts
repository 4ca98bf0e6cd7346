/**
 * The invoice PDF's font: DejaVu Sans Condensed from the `dejavu-fonts-ttf` package (Bitstream Vera
 * licence, DejaVu changes public domain: free to embed and redistribute). It covers Latin with every
 * accent of our customers' languages, Greek and the currency signs; the PDF embeds the subset of
 * glyphs it uses. Condensed because an invoice's line table needs the width.
 *
 * Two things are kept per process rather than per document, each because it was most of a render's
 * time (docs/decisions.md and docs/performance.md, "Invoice PDFs"):
 * - the parsed font: pdfkit would parse the 700 KB file again for every document (23 PDFs/s that way);
 *   sharing it is safe, pdfkit makes a fresh glyph subset per document;
 * - the shaped words: pdfkit caches a word's OpenType layout per document only, while invoices repeat
 *   the same labels, seller, products and amounts. pdfkit only reads a cached layout (it copies before
 *   changing one), so documents can share the cache; it is emptied when large, so memory stays flat.
 *   This reaches into pdfkit's internals (`_fontFamilies`, `layoutCache`), pinned by the tests that
 *   read the text back and compare the bytes of renders before and after other documents.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export type FontWeight = 'regular' | 'bold';
const WEIGHTS: FontWeight[] = ['regular', 'bold'];
const FILES: Record<FontWeight, string> = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
};

let fonts: Record<FontWeight, fontkit.Font> | undefined;

function load(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

/** Words kept per weight before the cache is emptied: 20,000 let the heap grow 50 MB over 10,000 renders. */
const MAX_WORDS = 2_000;
const CHECK_EVERY = 50;
let layoutCaches = freshCaches();
let renders = 0;

function freshCaches(): Record<FontWeight, Record<string, unknown>> {
  return { regular: Object.create(null), bold: Object.create(null) };
}

/** Registers the fonts as 'regular' and 'bold' on a new document, with the shared word layouts. */
export function useInvoiceFonts(pdf: PDFKit.PDFDocument): void {
  fonts ??= { regular: load(FILES.regular), bold: load(FILES.bold) };
  if (++renders % CHECK_EVERY === 0 && WEIGHTS.some((w) => Object.keys(layoutCaches[w]).length > MAX_WORDS)) {
    layoutCaches = freshCaches();
  }
  const families = (
    pdf as unknown as { _fontFamilies: Record<string, { layoutCache?: unknown; layoutRun?: unknown }> }
  )._fontFamilies;
  for (const weight of WEIGHTS) {
    // pdfkit's types say a path or bytes; it also takes a parsed fontkit font.
    pdf.registerFont(weight, fonts[weight] as unknown as Buffer);
    pdf.font(weight);
    const embedded = families[weight];
    if (!embedded || !('layoutCache' in embedded) || !('layoutRun' in embedded))
      throw new Error('pdfkit no longer caches layouts');
    embedded.layoutCache = layoutCaches[weight];
    embedded.layoutRun = freshGlyphsLayout(fonts[weight], embedded.layoutRun as LayoutRun);
  }
}

type LayoutRun = (text: string, features?: unknown) => unknown;

/**
 * fontkit keeps one glyph object per glyph id and font, with the code points of the text that first made it
 * (`getGlyph(id, codePoints)`), and pdfkit writes those code points into the PDF's text map (what copying,
 * searching and screen readers read). With the font shared by every document of the process, a glyph first
 * made inside another text (Latin A and Greek Alpha share one glyph) kept that text's letters: after some
 * renders, "VAT" in a PDF read back as "VT" (found by running the API tests in one process). Each word laid
 * out anew starts from an empty glyph table, so its glyphs carry its own letters; a word's layout is made
 * once and then read from the shared cache, so this costs a little only on a cache miss.
 */
function freshGlyphsLayout(font: fontkit.Font, layoutRun: LayoutRun): LayoutRun {
  const glyphs = font as unknown as { _glyphs: Record<number, unknown> };
  if (!glyphs._glyphs) throw new Error('fontkit no longer keeps its glyphs in _glyphs');
  return function (this: unknown, text, features) {
    glyphs._glyphs = Object.create(null);
    return layoutRun.call(this, text, features);
  };
}
