/** The access matrix's recipes of the webhook routes (access-recipes.ts is near 500 lines). */
import type { Recipe } from './access-recipes.ts';

const hook = (r: { webhook: { id: number } }) => ({ id: r.webhook.id });
const delivery = (r: { webhook: { id: number; delivery: number } }) => ({
  id: r.webhook.id,
  delivery_id: r.webhook.delivery,
});

export const WEBHOOK_RECIPES: Record<string, Recipe> = {
  'GET /api/:company/rentloopdb/webhooks/:id': { params: hook },
  'PUT /api/:company/rentloopdb/webhooks/:id': { params: hook, body: () => ({ description: 'Edited' }) },
  'DELETE /api/:company/rentloopdb/webhooks/:id': { params: hook },
  'POST /api/:company/rentloopdb/webhooks/:id/model/:item_id': {
    params: (r) => ({ id: r.webhook.id, item_id: r.order }),
  },
  'POST /api/:company/rentloopdb/webhooks/:id/test': { params: hook },
  'GET /api/:company/rentloopdb/webhooks/:id/deliveries': { params: hook },
  'GET /api/:company/rentloopdb/webhooks/:id/deliveries/:delivery_id': { params: delivery },
  'POST /api/:company/rentloopdb/webhooks/:id/deliveries/:delivery_id/resend': { params: delivery },
};
