/**
 * The export file's pieces (file.ts): stored in order while the next rows are written, one store in
 * flight at most, each piece full but the last (or a few bytes short where a character would not fit),
 * its bytes unchanged until its store resolves (the writer's two buffers take turns), and together
 * exactly the file; a failed store surfaces from the writer, and `settled` waits for the store in flight.
 */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { csvLine, csvRow } from '../../csv.ts';
import { fileWriter } from './file.ts';

const columns = ['id', 'name', 'address.city'];
const rowsFrom = (from: number, n: number, city = 'Berlin') =>
  Array.from({ length: n }, (_, i) => ({
    id: from + i,
    name: i % 3 === 0 ? `=cmd ${from + i}` : `Name, "${from + i}"`,
    address: { city: i % 2 ? city : null },
  }));

/**
 * A slow store that records the pieces (copied as it is called: the bytes are the writer's once it
 * resolves), how many stores ran at once, and whether a piece changed while it was being stored.
 */
function slowStore(failAt?: number) {
  const pieces: Buffer[] = [];
  const seen = { inFlight: 0, most: 0, calls: 0, changed: 0 };
  const store = async (bytes: Buffer) => {
    const n = seen.calls++;
    const copy = Buffer.from(bytes);
    seen.inFlight++;
    seen.most = Math.max(seen.most, seen.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 2));
    seen.inFlight--;
    if (!copy.equals(bytes)) seen.changed++;
    if (n === failAt) throw new Error(`piece ${n} failed`);
    pieces.push(copy);
  };
  return { pieces, seen, store };
}

const options = (store: (bytes: Buffer) => Promise<void>) =>
  ({
    columns,
    sheetName: 'Orders',
    mtime: new Date('2026-05-04T09:00:00Z'),
    store,
    pieceBytes: 200,
  }) as const;

describe('fileWriter pieces', () => {
  it('CSV: the pieces in order are exactly the file, full but the last, one store in flight', async () => {
    const { pieces, seen, store } = slowStore();
    const writer = fileWriter('csv', options(store));
    const all: object[] = [];
    for (let b = 0; b < 12; b++) {
      const batch = rowsFrom(b * 7, 7);
      all.push(...batch);
      await writer.rows(batch);
    }
    const size = await writer.end();
    const file = Buffer.concat(pieces);
    expect(file.toString('utf8')).toBe(
      `\uFEFF${csvLine(columns)}${all.map((r) => csvRow(r, columns)).join('')}`,
    );
    expect(size).toBe(file.length);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces.slice(0, -1)) expect(piece.length).toBe(200);
    expect(pieces.at(-1)!.length).toBeLessThanOrEqual(200);
    expect(seen.most).toBe(1);
    expect(seen.changed).toBe(0);
  });

  it('CSV: a character is never split across pieces, and a few pieces end short for it', async () => {
    const { pieces, seen, store } = slowStore();
    const writer = fileWriter('csv', options(store));
    const all: object[] = [];
    for (let b = 0; b < 12; b++) {
      // Two, three and four bytes of UTF-8 a character.
      const batch = rowsFrom(b * 7, 7, '東京🚲ü'.repeat(10));
      all.push(...batch);
      await writer.rows(batch);
    }
    await writer.end();
    expect(Buffer.concat(pieces).toString('utf8')).toBe(
      `\uFEFF${csvLine(columns)}${all.map((r) => csvRow(r, columns)).join('')}`,
    );
    const last = pieces.length - 1;
    pieces.forEach((piece, i) => {
      expect(piece.length).toBeLessThanOrEqual(200);
      if (i < last) expect(piece.length).toBeGreaterThan(196);
      // Each piece is valid UTF-8 on its own: no character cut in two.
      expect(Buffer.from(piece.toString('utf8'), 'utf8').equals(piece)).toBe(true);
    });
    expect(pieces.slice(0, last).some((p) => p.length < 200)).toBe(true);
    expect(seen.changed).toBe(0);
  });

  it('XLSX: the stored pieces make the workbook whose sheet has every row in order', async () => {
    const { pieces, seen, store } = slowStore();
    const writer = fileWriter('xlsx', options(store));
    for (let b = 0; b < 30; b++) await writer.rows(rowsFrom(b * 50, 50));
    await writer.end();
    const sheet = strFromU8(unzipSync(new Uint8Array(Buffer.concat(pieces)))['xl/worksheets/sheet1.xml']!);
    const ids = [...sheet.matchAll(/<row><c><v>(\d+)<\/v><\/c>/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(Array.from({ length: 1500 }, (_, i) => i));
    expect(sheet).toContain(`<t xml:space="preserve">'=cmd 0</t>`);
    expect(seen.most).toBe(1);
    expect(seen.changed).toBe(0);
  });

  it('a failed store surfaces from the writer; settled waits for the store in flight', async () => {
    const { seen, store } = slowStore(1);
    const writer = fileWriter('csv', options(store));
    await expect(
      (async () => {
        for (let b = 0; b < 50; b++) await writer.rows(rowsFrom(b * 7, 7));
        await writer.end();
      })(),
    ).rejects.toThrow('piece 1 failed');
    await writer.settled();
    expect(seen.inFlight).toBe(0);
  });
});
