/**
 * The access matrix's recipes of the outward routes (issue 27): the webhooks' (their own file), debt
 * collection's, data export's and sending email's. Apart because access-recipes.ts is at 500 lines.
 */
import type { Recipe } from './access-recipes.ts';
import { WEBHOOK_RECIPES } from './access-recipes-webhooks.ts';

const claim = (r: { debtClaim: number }) => ({ id: r.debtClaim });

export const DEBT_RECIPES: Record<string, Recipe> = {
  'GET /api/:company/debtist/claims/:id': { params: claim },
  'POST /api/:company/debtist/claims/:id/activity/comments': {
    params: claim,
    body: () => ({ comment: 'A comment' }),
  },
  'POST /api/:company/debtist/invoice/:id/claim': { params: (r) => ({ id: r.invoice }) },
  'GET /api/:company/debtist/invoice/:id/handover': { params: (r) => ({ id: r.invoice }) },
};

/** Data export: a request of the customers list, and the download of `r`'s written export by its token. */
export const EXPORT_RECIPES: Record<string, Recipe> = {
  'POST /api/:company/data-export': { body: () => ({ kind: 'customers', format: 'csv' }) },
  'GET /api/:company/data/:token': { params: (r) => ({ token: r.dataExportToken }) },
};

/** Sending email: a free-form mail, and the record mails of `r`'s quote, order, subscription and payment. */
export const EMAIL_RECIPES: Record<string, Recipe> = {
  'POST /api/:company/email/send-draft': { body: (r) => ({ id: r.draft }) },
  'POST /api/:company/email/send-order': { body: (r) => ({ id: r.order }) },
  'POST /api/:company/email/send-subscription': { body: (r) => ({ id: r.subscription }) },
  'POST /api/:company/email/send-transaction': { body: (r) => ({ id: r.transaction }) },
  'POST /api/:company/email/send': {
    body: () => ({ to: 'matrix@example.test', subject: 'Hello', bodyHtml: '<p>Hello</p>' }),
  },
};

export const OUTWARD_RECIPES: Record<string, Recipe> = {
  ...WEBHOOK_RECIPES,
  ...DEBT_RECIPES,
  ...EXPORT_RECIPES,
  ...EMAIL_RECIPES,
};
