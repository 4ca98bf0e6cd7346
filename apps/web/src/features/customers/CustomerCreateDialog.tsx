/** `/cms/customers/create`: a dialog over the list; saving opens the new customer. */
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@rentloop/domain/messages';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { applyServerErrors, isValidation } from '../../components/form-errors.ts';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { notify } from '../../utils/notify.ts';
import { CustomerFormBody } from './CustomerFormDialog.tsx';
import {
  type CustomerFormOutput,
  type CustomerFormValues,
  customerFormSchema,
  toFormValues,
  toPayload,
} from './customer-form.ts';
import { useCreateCustomer } from './hooks.ts';
import { customersIds } from './testids.ts';

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
  const create = useCreateCustomer();
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<CustomerFormValues, unknown, CustomerFormOutput>({
    resolver,
    defaultValues: toFormValues(),
  });

  const onSubmit = form.handleSubmit((values) => {
    setProblems([]);
    const payload = toPayload(values);
    create.mutate(
      { ...payload, name: values.name ?? '', email: values.email ?? '' },
      {
        onSuccess: ({ customer, message }) => {
          notify.success(message || MESSAGES.customerCreated);
          close(`/cms/customers/${customer.id}`);
        },
        onError: (error) => {
          // The server names the failure ("Failed to create customer."); field errors go on the fields.
          notify.error(error.message || MESSAGES.customerCreateFailed);
          const unplaced = applyServerErrors(form, error);
          setProblems(isValidation(error) ? unplaced : [error.message, ...unplaced]);
        },
      },
    );
  });

  return (
    <CustomerFormBody
      form={form}
      onSubmit={onSubmit}
      saving={create.isPending}
      problems={problems}
      saveLabel="Create customer"
    />
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
