/**
 * `/cms/products/create` (a product made by hand, with its variants) and `/cms/products/{id}/edit`
 * (its fields and rental terms; for a shop product only Rentloop's). Both are route dialogs.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import type { ProductDetail } from '@rentloop/domain/catalog';
import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { DialogForm, DialogRecord } from '../../components/DialogForm.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { useIsCatalogAdmin } from './CatalogHeader.tsx';
import { useCreateProduct, useProduct, useUpdateProduct } from './hooks.ts';
import { ProductFormFields } from './ProductFormFields.tsx';
import {
  isFromShop,
  type ProductCreateOutput,
  type ProductEditOutput,
  type ProductFormValues,
  productCreateFormSchema,
  productEditFormSchema,
  toCreatePayload,
  toFormValues,
  toUpdatePayload,
} from './product-form.ts';
import { SOURCE_LABELS } from './product-labels.ts';
import { useShopSettings } from './shop-hooks.ts';
import { productsIds } from './testids.ts';

const formIds = {
  form: productsIds.form,
  problems: productsIds.formError,
  cancel: productsIds.cancel,
  save: productsIds.save,
};

function CreateForm() {
  const { close } = useRouteDialog();
  const currency = useCompanyCurrency();
  const isAdmin = useIsCatalogAdmin();
  const shop = useShopSettings(isAdmin);
  const create = useCreateProduct();
  const resolver = useMemo(
    () =>
      zodResolver(productCreateFormSchema(currency)) as unknown as Resolver<
        ProductFormValues,
        unknown,
        ProductCreateOutput
      >,
    [currency],
  );
  const form = useForm<ProductFormValues, unknown, ProductCreateOutput>({
    resolver,
    defaultValues: toFormValues(),
  });
  const submit = useSubmit(form, create, {
    payload: toCreatePayload,
    saved: 'Product created.',
    onSaved: ({ data }) => close(`/cms/products/${data.id}`),
  });

  const connected = shop.data?.shop_system ?? null;
  return (
    <DialogForm
      {...submit}
      saveLabel="Create product"
      testIds={formIds}
      notice={
        connected && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid={productsIds.shopNote}>
            Your {SOURCE_LABELS[connected as keyof typeof SOURCE_LABELS] ?? connected} shop is connected: its
            products arrive with a sync. A product made here exists in Rentloop only.
          </Alert>
        )
      }
    >
      <ProductFormFields form={form} currency={currency} withVariants />
    </DialogForm>
  );
}

export function ProductCreateDialog() {
  const { search } = useLocation();
  return (
    <RouteDialog
      title="New product"
      closeTo={`/cms/products${search}`}
      maxWidth="lg"
      testId={productsIds.createDialog}
    >
      <CreateForm />
    </RouteDialog>
  );
}

function EditForm({ product }: { product: ProductDetail }) {
  const { close } = useRouteDialog();
  const currency = useCompanyCurrency();
  const update = useUpdateProduct(product.id);
  const fromShop = isFromShop(product);
  const resolver = useMemo(
    () =>
      zodResolver(productEditFormSchema(currency)) as unknown as Resolver<
        ProductFormValues,
        unknown,
        ProductEditOutput
      >,
    [currency],
  );
  const form = useForm<ProductFormValues, unknown, ProductEditOutput>({
    resolver,
    defaultValues: toFormValues(product),
  });
  const submit = useSubmit(form, update, {
    payload: (values) => toUpdatePayload(values, product),
    saved: 'Product updated.',
    onSaved: () => close(),
  });

  return (
    <DialogForm
      {...submit}
      saveLabel="Save"
      testIds={formIds}
      notice={
        fromShop && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid={productsIds.fromShop}>
            This product comes from your {SOURCE_LABELS[product.source]} shop: change its name, type, status,
            image, description and variants there; the next sync brings them. Rental terms, buyout price, tax
            class and collections are kept in Rentloop.
          </Alert>
        )
      }
    >
      <ProductFormFields form={form} currency={currency} fromShop={fromShop} />
    </DialogForm>
  );
}

export function ProductEditDialog() {
  const id = Number(useParams().id);
  const product = useProduct(id);
  return (
    <RouteDialog
      title={product.data ? `Edit ${product.data.name}` : 'Edit product'}
      closeTo={`/cms/products/${id}`}
      maxWidth="lg"
      testId={productsIds.editDialog}
    >
      <DialogRecord query={product} height={360}>
        {(p) => <EditForm product={p} />}
      </DialogRecord>
    </RouteDialog>
  );
}
