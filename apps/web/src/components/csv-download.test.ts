import { describe, expect, it } from 'vitest';
import { filenameOf, lineCounter } from './csv-download.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the CSV download', () => {
  it("counts CRLF line ends across chunks, not a field's own line breaks", () => {
    const counter = lineCounter();
    expect(counter.add(bytes('id,name\r\n1,"two\nlines"\r'))).toBe(1);
    expect(counter.add(bytes('\n2,b\r\n'))).toBe(3);
  });

  it("takes the server's file name", () => {
    expect(filenameOf('attachment; filename="customers-2026-11-24.csv"', 'x.csv')).toBe(
      'customers-2026-11-24.csv',
    );
    expect(filenameOf(null, 'x.csv')).toBe('x.csv');
  });
});
