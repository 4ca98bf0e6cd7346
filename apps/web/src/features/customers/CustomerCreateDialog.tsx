/** `/cms/customers/create`: a dialog over the list; saving opens the new customer. */
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@rentloop/domain/messages';
import type { Resolver } from 'react-hook-form';
import { useLocation } from 'react-router';
import { DialogForm } from '../../components/DialogForm.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { CustomerFields } from './CustomerFields.tsx';
import {
  type CustomerFormOutput,
  type CustomerFormValues,
  customerFormSchema,
  toFormValues,
  toPayload,
} from './customer-form.ts';
import { useCreateCustomer } from './hooks.ts';
import { customerFormIds, customersIds } from './testids.ts';

/**
 * A new customer needs a name and an email: the create schema requires them, where the update schema
 * (every field optional) would not. Both describe the same fields, so the form types are shared.
 */
const resolver = zodResolver(customerFormSchema) as unknown as Resolver<
  CustomerFormValues,
  unknown,
  CustomerFormOutput
>;

function CreateForm() {
  const { close } = useRouteDialog();
  const form = useAppForm<CustomerFormValues, unknown, CustomerFormOutput>({
    resolver,
    defaultValues: toFormValues(),
  });
  // The server names a failure ("Failed to create customer."); field errors go on the fields.
  const submit = useSubmit(form, useCreateCustomer(), {
    payload: (values) => ({ ...toPayload(values), name: values.name ?? '', email: values.email ?? '' }),
    saved: MESSAGES.customerCreated,
    failed: MESSAGES.customerCreateFailed,
    onSaved: ({ customer }) => close(`/cms/customers/${customer.id}`),
  });

  return (
    <DialogForm {...submit} saveLabel="Create customer" testIds={customerFormIds}>
      <CustomerFields form={form} />
    </DialogForm>
  );
}

export function CustomerCreateDialog() {
  const { search } = useLocation();
  return (
    <RouteDialog title="New customer" closeTo={`/cms/customers${search}`} testId={customersIds.createDialog}>
      <CreateForm />
    </RouteDialog>
  );
}
