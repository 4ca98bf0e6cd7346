/**
 * The access matrix's recipes of the shipping settings (countries, methods, rules): apart because
 * access-recipes.ts is at 500 lines.
 */
import type { Recipe } from './access-recipes.ts';
import type { CompanyRecords } from './company-records.ts';

const byId = (pick: (r: CompanyRecords) => number) => (r: CompanyRecords) => ({ id: pick(r) });

export const SHIPPING_RECIPES: Record<string, Recipe> = {
  'GET /api/companies/:company/settings/shipping-countries/:id': { params: byId((r) => r.shipping.country) },
  'PUT /api/companies/:company/settings/shipping-countries/:id': {
    params: byId((r) => r.shipping.country),
    body: () => ({ active: true }),
  },
  'DELETE /api/companies/:company/settings/shipping-countries/:id': {
    params: byId((r) => r.shipping.country),
  },
  'GET /api/companies/:company/settings/shipping-countries/:id/shipping-methods': {
    params: byId((r) => r.shipping.country),
  },
  'POST /api/companies/:company/settings/shipping-countries/:id/shipping-methods': {
    params: byId((r) => r.shipping.country),
    body: () => ({ name: 'Another method', price: '1' }),
  },
  'PUT /api/companies/:company/settings/shipping-countries/:id/shipping-methods/:methodId': {
    params: (r) => ({ id: r.shipping.country, methodId: r.shipping.method }),
    body: () => ({ price: '2' }),
  },
  'DELETE /api/companies/:company/settings/shipping-countries/:id/shipping-methods/:methodId': {
    params: (r) => ({ id: r.shipping.country, methodId: r.shipping.method }),
  },
  'GET /api/companies/:company/settings/shipping-methods/:id': {
    params: byId((r) => r.shipping.globalMethod),
  },
  'PUT /api/companies/:company/settings/shipping-methods/:id': {
    params: byId((r) => r.shipping.globalMethod),
    body: () => ({ price: '3' }),
  },
  'DELETE /api/companies/:company/settings/shipping-methods/:id': {
    params: byId((r) => r.shipping.globalMethod),
  },
  'GET /api/companies/:company/settings/shipping-methods/:id/shipping-rule': {
    params: byId((r) => r.shipping.method),
  },
  'POST /api/companies/:company/settings/shipping-methods/:id/shipping-rule': {
    params: byId((r) => r.shipping.method),
    body: (r) => ({ name: 'Bands', bands: [{ from: '0', price: '9' }], product_ids: [r.product] }),
  },
  'GET /api/companies/:company/settings/shipping-rules/:id': { params: byId((r) => r.shipping.rule) },
  'PUT /api/companies/:company/settings/shipping-rules/:id': {
    params: byId((r) => r.shipping.rule),
    body: (r) => ({ name: 'Renamed rule', product_ids: [r.product] }),
  },
  'DELETE /api/companies/:company/settings/shipping-rules/:id': { params: byId((r) => r.shipping.rule) },
  'GET /api/companies/:company/settings/shipping-options': {
    query: (r) => `country=ca&region=ON&cart_value=10&product_ids=${r.product}`,
  },
  'POST /api/companies/:company/settings/shipping-rules': {
    body: (r) => ({ name: 'Another rule', action: 'block', product_ids: [r.product] }),
  },
};
