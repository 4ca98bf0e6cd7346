/** `/cms/vouchers/create` and `/cms/vouchers/{id}/edit`: a voucher's form over the list. */
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@rentloop/domain/messages';
import type { Voucher } from '@rentloop/domain/vouchers';
import { useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { DialogForm, DialogRecord } from '../../components/DialogForm.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { useSaveVoucher, useVoucher } from './hooks.ts';
import { voucherFormIds, vouchersIds } from './testids.ts';
import { VoucherFields } from './VoucherFields.tsx';
import {
  toVoucherValues,
  type VoucherFormOutput,
  type VoucherFormValues,
  voucherFormSchema,
} from './voucher-form.ts';

function VoucherForm({ voucher }: { voucher?: Voucher }) {
  const { close } = useRouteDialog();
  const currency = useCompanyCurrency();
  const resolver = useMemo(
    () =>
      zodResolver(voucherFormSchema(currency)) as unknown as Resolver<
        VoucherFormValues,
        unknown,
        VoucherFormOutput
      >,
    [currency],
  );
  const form = useAppForm<VoucherFormValues, unknown, VoucherFormOutput>({
    resolver,
    defaultValues: toVoucherValues(voucher),
  });
  // "Voucher created." or the server's message; field errors of a 422 go on the fields.
  const submit = useSubmit(form, useSaveVoucher(voucher?.id ?? null), {
    saved: voucher ? MESSAGES.voucherUpdated : MESSAGES.voucherCreated,
    failed: voucher ? MESSAGES.voucherUpdateFailed : MESSAGES.voucherCreateFailed,
    onSaved: () => close(),
  });
  return (
    <DialogForm {...submit} saveLabel={voucher ? 'Save changes' : 'Create voucher'} testIds={voucherFormIds}>
      <VoucherFields form={form} />
    </DialogForm>
  );
}

export function VoucherCreateDialog() {
  const { search } = useLocation();
  return (
    <RouteDialog
      title="New voucher"
      closeTo={`/cms/vouchers${search}`}
      maxWidth="sm"
      testId={vouchersIds.createDialog}
    >
      <VoucherForm />
    </RouteDialog>
  );
}

export function VoucherEditDialog() {
  const id = Number(useParams().id);
  const { search } = useLocation();
  const voucher = useVoucher(id);
  return (
    <RouteDialog
      title="Edit voucher"
      closeTo={`/cms/vouchers${search}`}
      maxWidth="sm"
      testId={vouchersIds.editDialog}
    >
      <DialogRecord query={voucher}>{(v) => <VoucherForm voucher={v} />}</DialogRecord>
    </RouteDialog>
  );
}
