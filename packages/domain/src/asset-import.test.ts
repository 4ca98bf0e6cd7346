import { describe, expect, it } from 'vitest';
import { ASSET_IMPORT_TEXTS, assetImportTemplate, parseAssetImportRow } from './asset-import.ts';
import { MESSAGES } from './messages.ts';

describe('parseAssetImportRow', () => {
  it('reads a row, empty optional cells as null', () => {
    expect(
      parseAssetImportRow({ serial_number: ' EB-1 ', sku: 'EB-L', purchase_date: '', purchase_cost: '' }, 2),
    ).toEqual({
      ok: true,
      value: {
        serial_number: 'EB-1',
        sku: 'EB-L',
        purchase_date: null,
        purchase_cost: null,
        location: null,
        condition_note: null,
      },
    });
  });

  it('names each bad cell by row and column', () => {
    const parsed = parseAssetImportRow(
      { serial_number: '', sku: 'EB-L', purchase_date: '2026-02-30', purchase_cost: '-3' },
      7,
    );
    expect(parsed).toEqual({
      ok: false,
      errors: [
        { row: 7, column: 'serial_number', message: MESSAGES.required },
        { row: 7, column: 'purchase_date', message: 'Must be a date like 2026-01-31.' },
        { row: 7, column: 'purchase_cost', message: ASSET_IMPORT_TEXTS.purchaseCost },
      ],
    });
  });

  it('reads its own template', () => {
    const [header, example] = assetImportTemplate().trim().split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((c, i) => [c, example!.split(',')[i]]));
    expect(parseAssetImportRow(cells, 2).ok).toBe(true);
  });
});
