/** `/cms/customers/{id}/edit`: the edit form over the customer's detail. */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import type { Customer } from '@rentloop/domain/customers';
import { MESSAGES } from '@rentloop/domain/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { applyServerErrors, isValidation } from '../../components/form-errors.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { notify } from '../../utils/notify.ts';
import { CustomerFormBody } from './CustomerFormDialog.tsx';
import {
  type CustomerFormOutput,
  type CustomerFormValues,
  customerUpdateFormSchema,
  toFormValues,
  toPayload,
} from './customer-form.ts';
import { useCustomer, useUpdateCustomer } from './hooks.ts';
import { customersIds } from './testids.ts';

function EditForm({ customer }: { customer: Customer }) {
  const { close } = useRouteDialog();
  const update = useUpdateCustomer(customer.id);
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<CustomerFormValues, unknown, CustomerFormOutput>({
    resolver: zodResolver(customerUpdateFormSchema),
    defaultValues: toFormValues(customer),
  });

  const onSubmit = form.handleSubmit((values) => {
    setProblems([]);
    update.mutate(toPayload(values), {
      onSuccess: ({ message }) => {
        notify.success(message || MESSAGES.customerUpdated);
        close();
      },
      onError: (error) => {
        // The server names the failure ("Failed to update customer details."); field errors go on the fields.
        notify.error(error.message || MESSAGES.customerUpdateFailed);
        const unplaced = applyServerErrors(form, error);
        setProblems(isValidation(error) ? unplaced : [error.message, ...unplaced]);
      },
    });
  });

  return (
    <CustomerFormBody
      form={form}
      onSubmit={onSubmit}
      saving={update.isPending}
      problems={problems}
      saveLabel="Save changes"
    />
  );
}

export function CustomerEditDialog() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  return (
    <RouteDialog title="Edit customer" closeTo={`/cms/customers/${id}`} testId={customersIds.editDialog}>
      {customer.data ? (
        <EditForm customer={customer.data} />
      ) : customer.error ? (
        <DialogContent>
          <Alert severity="error">{customer.error.message}</Alert>
        </DialogContent>
      ) : (
        <PageLoader />
      )}
    </RouteDialog>
  );
}
