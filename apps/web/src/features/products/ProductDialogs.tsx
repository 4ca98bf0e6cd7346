/**
 * `/cms/products/create` (a product made by hand, with its variants) and `/cms/products/{id}/edit`
 * (its fields and rental terms; for a shop product only Rentloop's). Both are route dialogs.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import type { ProductDetail } from '@rentloop/domain/catalog';
import { type FormEventHandler, type ReactNode, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { isValidation } from '../../components/form-errors.ts';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { notify } from '../../utils/notify.ts';
import { useIsCatalogAdmin } from './CatalogHeader.tsx';
import { useCreateProduct, useProduct, useUpdateProduct } from './hooks.ts';
import { type ProductForm, ProductFormFields } from './ProductFormFields.tsx';
import {
  isFromShop,
  type ProductCreateOutput,
  type ProductEditOutput,
  type ProductFormValues,
  productCreateFormSchema,
  productEditFormSchema,
  SOURCE_LABELS,
  toCreatePayload,
  toFormValues,
  toUpdatePayload,
} from './product-form.ts';
import { placeServerErrors } from './server-errors.ts';
import { useShopSettings } from './shop-hooks.ts';
import { productsIds } from './testids.ts';

function FormBody(props: {
  form: ProductForm;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  problems: string[];
  saveLabel: string;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { close } = useRouteDialog();
  return (
    <form
      noValidate
      onSubmit={props.onSubmit}
      data-testid={productsIds.form}
      style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogContent dividers>
        {props.notice}
        {props.problems.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid={productsIds.formError}>
            {props.problems.map((problem) => (
              <div key={problem}>{problem}</div>
            ))}
          </Alert>
        )}
        {props.children}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={() => close()} disabled={props.saving} data-testid={productsIds.cancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<Save />}
          loading={props.saving}
          loadingPosition="start"
          data-testid={productsIds.save}
        >
          {props.saveLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The failure of a save: a toast, field errors on the fields, the rest above the form. */
function useSaveProblems(form: ProductForm) {
  const [problems, setProblems] = useState<string[]>([]);
  const onError = (error: Error) => {
    notify.error(error.message);
    const unplaced = placeServerErrors(form, error);
    setProblems(isValidation(error) ? unplaced : [error.message, ...unplaced]);
  };
  return { problems, clear: () => setProblems([]), onError };
}

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
  const save = useSaveProblems(form);

  const onSubmit = form.handleSubmit((values) => {
    save.clear();
    create.mutate(toCreatePayload(values), {
      onSuccess: ({ data, message }) => {
        notify.success(message || 'Product created.');
        close(`/cms/products/${data.id}`);
      },
      onError: save.onError,
    });
  });

  const connected = shop.data?.shop_system ?? null;
  return (
    <FormBody
      form={form}
      onSubmit={onSubmit}
      saving={create.isPending}
      problems={save.problems}
      saveLabel="Create product"
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
    </FormBody>
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
  const save = useSaveProblems(form);

  const onSubmit = form.handleSubmit((values) => {
    save.clear();
    update.mutate(toUpdatePayload(values, product), {
      onSuccess: ({ message }) => {
        notify.success(message || 'Product updated.');
        close();
      },
      onError: save.onError,
    });
  });

  return (
    <FormBody
      form={form}
      onSubmit={onSubmit}
      saving={update.isPending}
      problems={save.problems}
      saveLabel="Save"
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
    </FormBody>
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
      {product.data ? (
        <EditForm product={product.data} />
      ) : product.error ? (
        <DialogContent>
          <Alert severity="error">{product.error.message}</Alert>
        </DialogContent>
      ) : (
        <DialogContent>
          <Skeleton variant="rounded" height={360} />
        </DialogContent>
      )}
    </RouteDialog>
  );
}
