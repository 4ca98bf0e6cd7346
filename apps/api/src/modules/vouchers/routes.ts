import { envelope, idParam, listQuerySchema, paginatedEnvelope, safeText } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  VOUCHER_SORTS,
  voucherFiltersSchema,
  voucherInputSchema,
  voucherProductSchema,
  voucherSchema,
  voucherUpdateSchema,
} from '@rentloop/domain/vouchers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { listMeta, listParams } from '../../lists.ts';
import {
  createVoucher,
  deleteVoucher,
  getVoucher,
  listVouchers,
  setVoucherProduct,
  updateVoucher,
  voucherProductList,
} from './service.ts';

const companyParams = z.object({ company: idParam });
const voucherParams = companyParams.extend({ id: idParam });
// A text parameter: bad text (a NUL) is a 422 naming productShopId, not a 404 like a malformed id.
const includeParams = voucherParams.extend({ productShopId: safeText().min(1).max(100) });

const listOptions = {
  sorts: VOUCHER_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: voucherFiltersSchema,
} as const;

const base = '/api/:company/rentloopdb/vouchers';

export const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'listVouchers',
        tags: ['vouchers'],
        summary: 'List vouchers (search by code and description)',
        description: `Sort: ${VOUCHER_SORTS.join(', ')} (default id, newest first). Filters (JSON): kind, active, expired (true: last day passed; false: still valid).`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(voucherSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, listOptions);
      const { rows, total } = await listVouchers(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.post(
    base,
    {
      config: {
        access: access.company('user'),
        failureMessage: MESSAGES.voucherCreateFailed,
        idempotent: true,
      },
      schema: {
        operationId: 'createVoucher',
        tags: ['vouchers'],
        summary: 'Create a voucher (code unique in the company, whatever its case)',
        params: companyParams,
        body: voucherInputSchema,
        response: { 201: envelope(voucherSchema) },
      },
    },
    async (request, reply) => {
      const voucher = await createVoucher(ctxOf(request), request.body);
      reply.status(201);
      return ok(voucher, MESSAGES.voucherCreated);
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getVoucher',
        tags: ['vouchers'],
        summary: 'One voucher',
        params: voucherParams,
        response: { 200: envelope(voucherSchema) },
      },
    },
    async (request) => ok(await getVoucher(ctxOf(request), request.params.id)),
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.voucherUpdateFailed },
      schema: {
        operationId: 'updateVoucher',
        tags: ['vouchers'],
        summary: 'Update a voucher (only the fields sent change; the result is checked whole)',
        params: voucherParams,
        body: voucherUpdateSchema,
        response: { 200: envelope(voucherSchema) },
      },
    },
    async (request) =>
      ok(await updateVoucher(ctxOf(request), request.params.id, request.body), MESSAGES.voucherUpdated),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: access.company('admin'), failureMessage: MESSAGES.voucherDeleteFailed },
      schema: {
        operationId: 'deleteVoucher',
        tags: ['vouchers'],
        summary: 'Delete a voucher (with its product links and its redemptions)',
        params: voucherParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteVoucher(ctxOf(request), request.params.id);
      return ok(null, MESSAGES.voucherDeleted);
    },
  );

  app.get(
    `${base}/:id/products`,
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.voucherProductsFetchFailed },
      schema: {
        operationId: 'listVoucherProducts',
        tags: ['vouchers'],
        summary: 'The products a voucher is limited to (none: every product)',
        params: voucherParams,
        response: { 200: envelope(z.array(voucherProductSchema)) },
      },
    },
    async (request) => ok(await voucherProductList(ctxOf(request), request.params.id)),
  );

  for (const include of [true, false]) {
    const method = include ? app.put.bind(app) : app.delete.bind(app);
    method(
      `${base}/:id/products/:productShopId/include`,
      {
        config: { access: access.company('user') },
        schema: {
          operationId: include ? 'includeVoucherProduct' : 'excludeVoucherProduct',
          tags: ['vouchers'],
          summary: include
            ? 'Limit the voucher to this product too (by its shop id; a product made by hand: its id)'
            : 'Remove a product from the voucher (none left: every product)',
          description: 'A product the company does not have: 404. The same again is no change.',
          params: includeParams,
          response: { 200: envelope(z.array(voucherProductSchema)) },
        },
      },
      async (request) =>
        ok(await setVoucherProduct(ctxOf(request), request.params.id, request.params.productShopId, include)),
    );
  }
};
