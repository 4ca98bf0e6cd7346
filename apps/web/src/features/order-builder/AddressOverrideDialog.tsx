/**
 * An address for this order only (billing or shipping), instead of the customer's: the shared
 * `AddressForm` checked by the domain's `addressSchema` (the country rules the API applies to
 * `orders/full`), with email and phone optional as on an order. Loaded when opened: the address form
 * brings the country tables.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type Address, addressSchema } from '@rentloop/domain/addresses';
import { type Control, type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { AddressForm } from '../../components/AddressForm.tsx';
import {
  type AddressValues,
  addressValues,
  cleanAddress,
  countryForCurrency,
  emptyAddress,
} from '../customers/customer-form.ts';
import { builderIds } from './testids.ts';

const schema = z.object({ address: z.preprocess((v) => cleanAddress(v as AddressValues), addressSchema) });
type Values = { address: AddressValues };
const resolver = zodResolver(schema) as unknown as Resolver<Values, unknown, { address: Address }>;

export default function AddressOverrideDialog({
  kind,
  start,
  name,
  currency,
  onSave,
  onClose,
}: {
  kind: 'billing' | 'shipping';
  /** The address shown now (the customer's or this order's), to start from. */
  start: Address | null;
  /** For a new address: the customer's name, and the country of the company's currency. */
  name: string;
  currency: string;
  onSave: (address: Address) => void;
  onClose: () => void;
}) {
  const form = useForm<Values, unknown, { address: Address }>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      address: addressValues(start) ?? emptyAddress({ name, country: countryForCurrency(currency as never) }),
    },
  });
  const title = kind === 'billing' ? 'Billing address for this order' : 'Shipping address for this order';
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid={builderIds.addressDialog}>
      <DialogTitle>{title}</DialogTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          void form.handleSubmit(({ address }) => onSave(address))(event);
        }}
      >
        <DialogContent dividers>
          <AddressForm
            control={form.control as unknown as Control<Values>}
            name="address"
            autofillSection={kind}
            contactRequired={false}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" data-testid={builderIds.addressSave}>
            Use this address
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
