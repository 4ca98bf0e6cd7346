/**
 * The assets list's "Import" (spec 02 §7 `POST .../product-tracking/import`, form data; §8 "Import
 * failed: {server message}"): the shared CSV import dialog (components/CsvImportDialog.tsx) with the
 * asset import's texts. One row per unit, its variant found by SKU; every unit starts in stock.
 */
import {
  ASSET_IMPORT_MAX_ROWS,
  ASSET_IMPORT_TEXTS,
  type AssetImport,
  type AssetImportPreview,
  assetImportTemplate,
} from '@rentloop/domain/asset-import';
import { type CsvImportConfig, CsvImportDialog, importCount } from '../../components/CsvImportDialog.tsx';
import { assetsKeys } from './hooks.ts';
import { assetImportIds as ids } from './testids.ts';

const config: CsvImportConfig<AssetImportPreview, AssetImport> = {
  title: 'Import assets',
  base: 'product-tracking/import',
  queryKey: assetsKeys.all,
  listKey: assetsKeys.lists(),
  intro: `A CSV file with a header line naming the columns (UTF-8, up to ${importCount.format(ASSET_IMPORT_MAX_ROWS)} rows): serial_number and sku, and if you have them purchase_date, purchase_cost, location and condition_note. Each row is one unit, in stock; its serial number must be new in the company (ignoring case). All rows are imported or none.`,
  template: assetImportTemplate(),
  templateName: 'assets-import-template.csv',
  willCreate: (p) => `${importCount.format(p.valid)} ${p.valid === 1 ? 'asset' : 'assets'} will be created.`,
  writing: 'Writing the assets…',
  succeeded: (done) => ASSET_IMPORT_TEXTS.succeeded(done.created_assets),
  ids,
};

export function ImportDialog({ onClose }: { onClose: () => void }) {
  return <CsvImportDialog config={config} onClose={onClose} />;
}
