/**
 * `/cms/products/collections/create` and `/cms/products/collections/{id}`: a collection's name,
 * description and products (saving replaces its products), and deleting it (its products stay).
 */

import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import { type Collection, collectionInputSchema } from '@rentloop/domain/catalog';
import { useEffect, useMemo, useState } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { z } from 'zod';
import { via } from '../../components/amounts.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DialogForm, DialogRecord } from '../../components/DialogForm.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { type PickedProduct, ProductPicker } from '../../components/ProductPicker.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { notify } from '../../utils/notify.ts';
import {
  useCollection,
  useCollectionProducts,
  useDeleteCollection,
  useSaveCollection,
} from './collection-hooks.ts';
import { collectionsIds } from './testids.ts';

interface Values {
  name: string;
  description: string;
  products: PickedProduct[];
}

const formSchema = z.object({
  name: collectionInputSchema.shape.name,
  description: z
    .string()
    .transform((v) => (v.trim() === '' ? null : v))
    .transform(via(collectionInputSchema.shape.description.unwrap())),
  products: z.array(z.object({ id: z.number().int().positive(), name: z.string() })).max(1000),
});
type Output = z.output<typeof formSchema>;
const resolver = zodResolver(formSchema) as unknown as Resolver<Values, unknown, Output>;

const formIds = {
  form: collectionsIds.form,
  problems: collectionsIds.formError,
  cancel: collectionsIds.cancel,
  save: collectionsIds.save,
};

function CollectionForm(props: {
  collection?: Collection;
  products?: PickedProduct[];
  loadingProducts?: boolean;
}) {
  const { close } = useRouteDialog();
  const { search } = useLocation();
  const id = props.collection?.id ?? null;
  const save = useSaveCollection(id);
  const remove = useDeleteCollection(id ?? 0);
  const [confirming, setConfirming] = useState(false);
  const form = useAppForm<Values, unknown, Output>({
    resolver,
    defaultValues: {
      name: props.collection?.name ?? '',
      description: props.collection?.description ?? '',
      products: props.products ?? [],
    },
  });
  const { resetField } = form;

  // The collection's products arrive after the form opened.
  useEffect(() => {
    if (props.products) resetField('products', { defaultValue: props.products });
  }, [props.products, resetField]);

  const submit = useSubmit(form, save, {
    payload: (values) => ({
      name: values.name,
      description: values.description,
      product_ids: values.products.map((p) => p.id),
    }),
    saved: id === null ? 'Collection created.' : 'Collection updated.',
    onSaved: () => close(),
  });

  return (
    <>
      <DialogForm
        {...submit}
        saveLabel={id === null ? 'Create collection' : 'Save'}
        saveDisabled={props.loadingProducts}
        testIds={formIds}
        secondaryAction={
          id !== null && (
            <Button
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => setConfirming(true)}
              disabled={submit.saving}
              data-testid={collectionsIds.delete}
            >
              Delete
            </Button>
          )
        }
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          <FormTextField control={form.control} name="name" label="Name" required autoFocus />
          <FormTextField
            control={form.control}
            name="description"
            label="Description"
            multiline
            minRows={2}
            maxRows={5}
          />
          <Controller
            control={form.control}
            name="products"
            render={({ field, fieldState }) => (
              <ProductPicker
                label="Products"
                value={field.value}
                onChange={field.onChange}
                loading={props.loadingProducts}
                error={fieldState.error?.message ?? form.formState.errors.products?.root?.message}
                testId={collectionsIds.products}
              />
            )}
          />
        </Box>
      </DialogForm>
      <ConfirmDialog
        open={confirming}
        title="Delete this collection?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: ({ message }) => {
              notify.success(message || 'Collection deleted.');
              setConfirming(false);
              close(`/cms/products/collections${search}`);
            },
            onError: (error) => notify.error(error.message),
          })
        }
      >
        {props.collection?.name} will be deleted. Its products stay in the catalog.
      </ConfirmDialog>
    </>
  );
}

export function CollectionCreateDialog() {
  const { search } = useLocation();
  return (
    <RouteDialog
      title="New collection"
      closeTo={`/cms/products/collections${search}`}
      maxWidth="sm"
      testId={collectionsIds.createDialog}
    >
      <CollectionForm />
    </RouteDialog>
  );
}

function EditBody({ collection }: { collection: Collection }) {
  const products = useCollectionProducts(collection.id);
  const picked = useMemo(() => products.data?.map((p) => ({ id: p.id, name: p.name })), [products.data]);
  if (products.error) {
    return (
      <DialogContent>
        <Alert severity="error">{products.error.message}</Alert>
      </DialogContent>
    );
  }
  return <CollectionForm collection={collection} products={picked} loadingProducts={products.isPending} />;
}

export function CollectionEditDialog() {
  const id = Number(useParams().collectionId);
  const { search } = useLocation();
  const collection = useCollection(id);
  return (
    <RouteDialog
      title={collection.data ? `Edit ${collection.data.name}` : 'Edit collection'}
      closeTo={`/cms/products/collections${search}`}
      maxWidth="sm"
      testId={collectionsIds.editDialog}
    >
      <DialogRecord query={collection}>{(c) => <EditBody collection={c} />}</DialogRecord>
    </RouteDialog>
  );
}
