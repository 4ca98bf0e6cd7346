/** `/cms/customers/{id}/edit`: the edit form over the customer's detail. */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Customer } from '@rentloop/domain/customers';
import { MESSAGES } from '@rentloop/domain/messages';

import { useParams } from 'react-router';
import { DialogForm, DialogRecord } from '../../components/DialogForm.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { CustomerFields } from './CustomerFields.tsx';
import {
  type CustomerFormOutput,
  type CustomerFormValues,
  customerUpdateFormSchema,
  toFormValues,
  toPayload,
} from './customer-form.ts';
import { useCustomer, useUpdateCustomer } from './hooks.ts';
import { customerFormIds, customersIds } from './testids.ts';

function EditForm({ customer }: { customer: Customer }) {
  const { close } = useRouteDialog();
  const form = useAppForm<CustomerFormValues, unknown, CustomerFormOutput>({
    resolver: zodResolver(customerUpdateFormSchema),
    defaultValues: toFormValues(customer),
  });
  // The server names a failure ("Failed to update customer details."); field errors go on the fields.
  const submit = useSubmit(form, useUpdateCustomer(customer.id), {
    payload: toPayload,
    saved: MESSAGES.customerUpdated,
    failed: MESSAGES.customerUpdateFailed,
    onSaved: () => close(),
  });

  return (
    <DialogForm {...submit} saveLabel="Save changes" testIds={customerFormIds}>
      <CustomerFields form={form} />
    </DialogForm>
  );
}

export function CustomerEditDialog() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  return (
    <RouteDialog title="Edit customer" closeTo={`/cms/customers/${id}`} testId={customersIds.editDialog}>
      <DialogRecord query={customer} height={360}>
        {(c) => <EditForm customer={c} />}
      </DialogRecord>
    </RouteDialog>
  );
}
