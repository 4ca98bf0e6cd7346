/** The access matrix's recipes of the asset (product tracking) and return routes (access-recipes.ts is near 500 lines). */
import type { Recipe } from './access-recipes.ts';
import type { CompanyRecords } from './company-records.ts';

const byId = (pick: (r: CompanyRecords) => number) => (r: CompanyRecords) => ({ id: pick(r) });

export const ASSET_RECIPES: Record<string, Recipe> = {
  'GET /api/:company/rentloopdb/product-tracking/:id': { params: byId((r) => r.asset.id) },
  'GET /api/:company/insights/assets/:id': { params: byId((r) => r.asset.id) },
  'GET /api/:company/rentloopdb/product-tracking/:id/actions': { params: byId((r) => r.asset.id) },
  'POST /api/:company/rentloopdb/product-tracking/:id/actions': {
    params: byId((r) => r.asset.id),
    body: (r) => ({ action: 'rent_out', subscription_id: r.subscription, reason: 'Access matrix' }),
  },
  'GET /api/:company/rentloopdb/product-tracking/import/:id': { params: byId((r) => r.assetImport) },
  'POST /api/:company/rentloopdb/product-tracking': {
    // Both fields filled so each names a record (the schema wants one of them: refused either way; the
    // module's tests refuse another company's variant and bundle one at a time).
    body: (r) => ({ serial_number: `SN2-${r.marker}`, variant_id: r.variant, bundle_id: r.bundle }),
  },
  // The serial names the other company's asset: looked up in the URL's company only (422, nothing changed).
  'POST /api/:company/rentloopdb/subscriptions/:id/product-tracking': {
    params: byId((r) => r.subscription),
    body: (r) => ({ serial_number: r.asset.serial }),
  },
  'GET /api/:company/rentloopdb/returns/:id': { params: byId((r) => r.unitReturn.id) },
  'GET /api/:company/rentloopdb/returns/:id/actions': { params: byId((r) => r.unitReturn.id) },
  'PUT /api/:company/rentloopdb/returns/:id': {
    params: byId((r) => r.unitReturn.id),
    body: () => ({ carrier: 'DHL', tracking_number: 'JD0001' }),
  },
  'POST /api/:company/rentloopdb/returns/:id/actions': {
    params: byId((r) => r.unitReturn.id),
    body: () => ({ action: 'receive', condition_note: 'Access matrix' }),
  },
  'POST /api/:company/rentloopdb/returns': { body: (r) => ({ product_tracking_id: r.unitReturn.asset }) },
};

/** The repairs routes: another company's repair is not found; its asset, named in a body, is a 422. */
export const REPAIR_RECIPES: Record<string, Recipe> = {
  'GET /api/:company/rentloopdb/repairs/:id': { params: byId((r) => r.repair) },
  'GET /api/:company/rentloopdb/repairs/:id/actions': { params: byId((r) => r.repair) },
  'POST /api/:company/rentloopdb/repairs/:id/answers': {
    params: byId((r) => r.repair),
    body: () => ({ page: 1, answers: { is_complete: 'yes' } }),
  },
  'POST /api/:company/rentloopdb/repairs/:id/close': { params: byId((r) => r.repair), body: () => ({}) },
  'POST /api/:company/rentloopdb/repairs': { body: (r) => ({ product_tracking_id: r.asset.id }) },
};
