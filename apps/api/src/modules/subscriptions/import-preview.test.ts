/**
 * The subscription import's preview (POST subscriptions/import/preview): every row error named by row
 * and column, the file refused as a whole with a 422 on `file`, and nothing written.
 */
import {
  SUBSCRIPTION_IMPORT_MAX_BYTES,
  SUBSCRIPTION_IMPORT_MAX_ROWS,
  SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS,
} from '@rentloop/domain/subscription-import';
import { SUBSCRIPTION_IMPORT_COLUMNS } from '@rentloop/domain/subscription-import-rows';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/harness.ts';
import { csv, good, HEADER, line, useImportFixture } from './import-fixture.ts';

const f = useImportFixture();

describe('the preview', () => {
  it('names every row error by row and column, counts the valid rows, and writes nothing', async () => {
    const before = await f.written();
    const res = await f.upload(
      'import/preview',
      csv(
        good.annaBike,
        line(['nobody@import.test', 'BIKE-M', 1, '10', '13', 'monthly', 1, '2026-01-01', 0, 'yes', 'active']),
        line(['ben@import.test', 'NOPE', 1, '10', '13', 'monthly', 1, '2026-01-01', 0, 'yes', 'active']),
        line(['ben@import.test', 'DUP', 1, '10.005', '13', 'hourly', 1, '2026-02-30', 0, 'yes', 'ended']),
        line(['ben@import.test', 'PADS', 1, '10', '13', 'monthly', 1, '2026-01-01', 0, 'yes', 'active']),
        good.benBike,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({
      file_name: 'subscriptions.csv',
      rows: 6,
      valid: 2,
      invalid: 4,
      orders: 2,
    });
    expect(preview.errors).toEqual([
      { row: 3, column: 'customer_email', message: TEXTS.noCustomer },
      { row: 4, column: 'sku', message: TEXTS.noVariant },
      // A row with cell errors is still looked up, so that every problem of it shows at once.
      { row: 5, column: 'sku', message: TEXTS.ambiguousSku },
      { row: 5, column: 'price', message: 'Must be an amount in CAD (at most its number of decimals).' },
      { row: 5, column: 'frequency', message: 'Must be one of: daily, weekly, monthly, yearly.' },
      { row: 5, column: 'start_date', message: 'Must be a date like 2026-01-31.' },
      {
        row: 5,
        column: 'status',
        message:
          'A subscription cannot be imported as "ended": import it as active, paused, pending activation, cancellation requested.',
      },
      { row: 6, column: 'sku', message: TEXTS.consumable('Pads') },
    ]);
    expect(preview.error_count).toBe(8);
    expect(preview.sample[0]).toMatchObject({
      row: 2,
      customer_name: 'anna Import',
      product_name: 'City bike',
      variant_name: 'Medium',
      quantity: 2,
      price: '29.90',
    });
    expect(await f.written()).toEqual(before);
  });

  it('reports an ambiguous SKU and a price with more decimals than the currency has', async () => {
    const res = await f.upload(
      'import/preview',
      csv(
        line(['ben@import.test', 'DUP', 1, '10.005', '13', 'monthly', 1, '2026-01-01', 0, 'yes', 'active']),
      ),
    );
    expect(res.json().data.errors).toEqual([
      { row: 2, column: 'sku', message: TEXTS.ambiguousSku },
      { row: 2, column: 'price', message: 'Must be an amount in CAD (at most its number of decimals).' },
    ]);
  });

  it('refuses a file it cannot read as a whole with a 422 naming file', async () => {
    const fileError = async (text: string | Buffer, message: string) => {
      const res = await f.upload('import/preview', text as string);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ message, errors: { file: [message] } });
    };
    await fileError(
      'customer_email,sku\r\nanna@import.test,BIKE-M\r\n',
      TEXTS.missingColumns(['price', 'tax_percent', 'frequency', 'start_date']),
    );
    await fileError(`${HEADER}\r\n`, TEXTS.noRows);
    await fileError('', TEXTS.noRows);
    await fileError(
      csv(...Array.from({ length: SUBSCRIPTION_IMPORT_MAX_ROWS + 1 }, () => good.benBike)),
      TEXTS.tooManyRows(SUBSCRIPTION_IMPORT_MAX_ROWS + 1),
    );
    await fileError(
      `${HEADER}\r\n"unclosed,quote\r\n`,
      expect.stringMatching(/^The file is not a readable CSV/) as unknown as string,
    );
    const big = csv(
      ...Array.from({ length: 1 + SUBSCRIPTION_IMPORT_MAX_BYTES / good.benBike.length }, () => good.benBike),
    );
    await fileError(big, TEXTS.tooLarge);
  });

  it('takes a file saved with semicolons', async () => {
    const text = `${SUBSCRIPTION_IMPORT_COLUMNS.join(';')}\r\n${good.benBike.replaceAll(',', ';')}\r\n`;
    const res = await f.upload('import/preview', text);
    expect(res.json().data).toMatchObject({ rows: 1, valid: 1, error_count: 0 });
  });

  it('asks for the file, and is for admins', async () => {
    const none = await call(f.h.app, f.admin, {
      method: 'POST',
      url: f.api('subscriptions/import/preview'),
      payload: {},
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual([TEXTS.fileRequired]);
    expect((await f.upload('import/preview', csv(good.benBike), f.staff)).statusCode).toBe(403);
    expect((await f.upload('import', csv(good.benBike), f.staff)).statusCode).toBe(403);
  });
});
