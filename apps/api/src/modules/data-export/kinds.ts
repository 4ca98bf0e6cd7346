/**
 * The lists a data export can write (decision 66): for each, the list's own options (sorts, default
 * order, filters schema, as its route takes them), its record schema (the file's columns, as the
 * list's JSON and its CSV export have them) and how the list's route turns the filters into the
 * defined list's scope and filters, so an export holds exactly the rows the list shows for the same
 * parameters.
 */
import { PRODUCT_SORTS, productFiltersSchema, productSchema } from '@rentloop/domain/catalog';
import { CUSTOMER_SORTS, customerFiltersSchema, customerSchema } from '@rentloop/domain/customers';
import type { DataExportKind, DataExportRequest } from '@rentloop/domain/data-export';
import { INVOICE_SORTS, invoiceFiltersSchema, invoiceListRowSchema } from '@rentloop/domain/invoices';
import {
  ORDER_ITEM_SORTS,
  ORDER_SORTS,
  orderFiltersSchema,
  orderItemListRowSchema,
  orderListRowSchema,
} from '@rentloop/domain/orders';
import { TRANSACTION_SORTS, transactionFiltersSchema, transactionSchema } from '@rentloop/domain/payments';
import {
  PRODUCT_TRACKING_SORTS,
  productTrackingFiltersSchema,
  productTrackingSchema,
} from '@rentloop/domain/product-tracking';
import { recurringPaymentSchema } from '@rentloop/domain/recurring-payments';
import {
  SUBSCRIPTION_SORTS,
  subscriptionFiltersSchema,
  subscriptionSchema,
} from '@rentloop/domain/subscriptions';
import { VOUCHER_SORTS, voucherFiltersSchema, voucherSchema } from '@rentloop/domain/vouchers';
import type { z } from 'zod';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { csvColumns } from '../../csv.ts';
import type { DefinedList } from '../../db/define-list.ts';
import { type ListParams, listParams } from '../../lists.ts';
import { productList } from '../catalog/product-lists.ts';
import { customerList } from '../customers/service.ts';
import { invoiceList } from '../invoices/list.ts';
import { orderItemList } from '../orders/item-list.ts';
import { orderList } from '../orders/records.ts';
import { transactionList } from '../payments/list.ts';
import { assetList, assetListParams } from '../product-tracking/records.ts';
import { recurringPaymentList } from '../recurring-payments/list.ts';
import { recurringPaymentListOptions } from '../recurring-payments/records.ts';
import { subscriptionList } from '../subscriptions/records.ts';
import { voucherList } from '../vouchers/service.ts';

// biome-ignore lint/suspicious/noExplicitAny: one registry over lists of every row and filter type
type AnyParams = ListParams<string, any>;

export interface ExportKind {
  options: { sorts: readonly string[]; defaultSort: string; defaultDesc: boolean; filters: z.ZodType };
  record: z.ZodType;
  // biome-ignore lint/suspicious/noExplicitAny: see AnyParams
  list: DefinedList<string, any, unknown>;
  /** The defined list's parameters and scope for the route's parameters (as the list's route does). */
  prepare(
    ctx: Ctx,
    p: AnyParams,
  ): Promise<{ params: AnyParams; scope?: string }> | { params: AnyParams; scope?: string };
}

const newestFirst = (sorts: readonly string[], filters: z.ZodType) =>
  ({ sorts, defaultSort: 'id', defaultDesc: true, filters }) as const;
const asIs = (_ctx: Ctx, p: AnyParams) => ({ params: p });
/** A list whose `archived` filter chooses the archived scope instead of the company's (customers, products). */
const archivedScope = (_ctx: Ctx, p: AnyParams) => {
  const { archived, ...filters } = p.filters;
  return { params: { ...p, filters }, scope: archived ? 'archived' : 'company' };
};

/** As listOrders: `consumable` picks the consumable orders' scope (orders and their lines). */
const consumableScope = (_ctx: Ctx, p: AnyParams) => {
  const { consumable, ...filters } = p.filters;
  return { params: { ...p, filters }, scope: consumable ? 'consumable' : 'company' };
};

// biome-ignore lint/suspicious/noExplicitAny: see AnyParams
const asList = (list: unknown) => list as DefinedList<string, any, unknown>;

export const EXPORT_KINDS: Record<DataExportKind, ExportKind> = {
  customers: {
    options: newestFirst(CUSTOMER_SORTS, customerFiltersSchema),
    record: customerSchema,
    list: asList(customerList),
    prepare: archivedScope,
  },
  orders: {
    options: newestFirst(ORDER_SORTS, orderFiltersSchema),
    record: orderListRowSchema,
    list: asList(orderList),
    prepare: consumableScope,
  },
  // One row per line of the orders the orders list's filters choose (orders/item-list.ts, decision 78).
  order_items: {
    options: newestFirst(ORDER_ITEM_SORTS, orderFiltersSchema),
    record: orderItemListRowSchema,
    list: asList(orderItemList),
    prepare: consumableScope,
  },
  subscriptions: {
    options: newestFirst(SUBSCRIPTION_SORTS, subscriptionFiltersSchema),
    record: subscriptionSchema,
    list: asList(subscriptionList),
    prepare: asIs,
  },
  invoices: {
    options: newestFirst(INVOICE_SORTS, invoiceFiltersSchema),
    record: invoiceListRowSchema,
    list: asList(invoiceList),
    prepare: asIs,
  },
  transactions: {
    options: newestFirst(TRANSACTION_SORTS, transactionFiltersSchema),
    record: transactionSchema,
    list: asList(transactionList),
    prepare: asIs,
  },
  recurring_payments: {
    options: recurringPaymentListOptions,
    record: recurringPaymentSchema,
    list: asList(recurringPaymentList),
    prepare: asIs,
  },
  assets: {
    options: newestFirst(PRODUCT_TRACKING_SORTS, productTrackingFiltersSchema),
    record: productTrackingSchema,
    list: asList(assetList),
    prepare: (ctx, p) => ({ params: assetListParams(ctx, p as Parameters<typeof assetListParams>[1]) }),
  },
  products: {
    options: newestFirst(PRODUCT_SORTS, productFiltersSchema),
    record: productSchema,
    list: asList(productList),
    prepare: archivedScope,
  },
  vouchers: {
    options: newestFirst(VOUCHER_SORTS, voucherFiltersSchema),
    record: voucherSchema,
    list: asList(voucherList),
    // As listVouchers: `expired` compares the last day with the company's today.
    prepare: async (ctx, p) => {
      const { expired, ...rest } = p.filters;
      const today = await companyToday(ctx);
      const filters = {
        ...rest,
        ...(expired === true ? { ended_before: today } : {}),
        ...(expired === false ? { valid_on: today } : {}),
      };
      return { params: { ...p, filters } };
    },
  },
};

const columnsCache = new Map<DataExportKind, string[]>();

/** The list's columns: its record's fields, nested ones dotted (`billing_address.city`), as csv.ts names them. */
export function kindColumns(kind: DataExportKind): string[] {
  let columns = columnsCache.get(kind);
  if (!columns) {
    columns = csvColumns(EXPORT_KINDS[kind].record);
    columnsCache.set(kind, columns);
  }
  return columns;
}

/** The list's parameters as its route would take them: a bad sort or filter is the same 422. */
export function exportListParams(
  input: Pick<DataExportRequest, 'kind' | 'search' | 'sort' | 'desc' | 'filters'>,
) {
  return listParams(
    {
      page: 1,
      per_page: 1,
      search: input.search,
      sort: input.sort,
      desc: input.desc,
      filters: input.filters,
    },
    EXPORT_KINDS[input.kind].options,
  );
}
