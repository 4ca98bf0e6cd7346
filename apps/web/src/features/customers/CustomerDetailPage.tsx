/**
 * `/cms/customers/{id}`, the support desk: the customer's figures, their newest orders, subscriptions,
 * invoices, payments, quotes and (admins) mails with "Show all" to each list filtered by the customer,
 * every field, both addresses, the stored payment methods, the cumulated invoices (setting and
 * documents), the notes, and the New order and Edit actions.
 */

import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Edit from '@mui/icons-material/Edit';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Address } from '@rentloop/domain/addresses';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { mayOpen } from '../../app/route-meta.ts';
import { ArchiveNotice, useArchiveActions } from '../../components/ArchiveActions.tsx';
import { addressLabel, addressLines } from '../../components/address-format.ts';
import { CardGrid, DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDate, formatDateTime } from '../../utils/dates.ts';
import { languageName } from '../../utils/languages.ts';
import { sendEmailIds } from '../email-history/testids.ts';
import { useSendEmailDialog } from '../email-history/use-send-email-dialog.ts';
import { NotesCard } from '../notes/NotesCard.tsx';
import { CumulatedInvoicesCard } from './CumulatedInvoicesCard.tsx';
import {
  CustomerFiguresCard,
  CustomerInvoicesCard,
  CustomerMailsCard,
  CustomerOrdersCard,
  CustomerPaymentsCard,
  CustomerQuotesCard,
  CustomerSubscriptionsCard,
} from './CustomerRecordsCards.tsx';
import { useCustomer, useDeleteCustomer, useSetCustomerArchived } from './hooks.ts';
import { PaymentMethodsCard } from './PaymentMethodsCard.tsx';
import { customersIds, supportIds } from './testids.ts';

const fieldGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
  columnGap: 3,
  rowGap: 2,
} as const;

/** Contact fields of an address, shown under its postal lines (the VAT number only when it has one). */
const ADDRESS_CONTACT_FIELDS = ['email', 'phone', 'vat_number'] as const;

function AddressCard({
  title,
  kind,
  address,
}: {
  title: string;
  kind: 'billing' | 'shipping';
  address: Address | null;
}) {
  return (
    <Card>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {address ? (
          <>
            <Typography
              component="address"
              variant="body1"
              data-testid={customersIds.addressLines(kind)}
              sx={{ fontStyle: 'normal', mb: 2 }}
            >
              {addressLines(address).map((line, index) => (
                // Lines may repeat (a city that is also the region); their place is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
                <Box key={index} component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
                  {line}
                </Box>
              ))}
            </Typography>
            <Box sx={fieldGrid}>
              {ADDRESS_CONTACT_FIELDS.filter((field) => field !== 'vat_number' || address.vat_number).map(
                (field) => (
                  <DetailField
                    key={field}
                    label={addressLabel(field, address.country)}
                    testId={customersIds.address(kind, field)}
                    value={address[field]}
                  />
                ),
              )}
            </Box>
          </>
        ) : (
          <Typography color="text.secondary" data-testid={customersIds.noAddress(kind)}>
            No {kind} address.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function CustomerDetailPage() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  const navigate = useNavigate();
  // Archiving is staff work (like editing); deleting for good is for admins, as the API says.
  const mayDelete = mayOpen('admin', useCurrentCompany().flags);
  // The email history is an admin screen (API: admin); its card shows to those who may open it.
  const maySeeMails = mayDelete;
  const setArchived = useSetCustomerArchived(id);
  const remove = useDeleteCustomer(id);
  const { openSendEmail } = useSendEmailDialog();
  const { buttons, dialog } = useArchiveActions({
    noun: 'customer',
    record: customer.data,
    setArchived,
    remove: mayDelete ? remove : null,
    onDeleted: () => navigate('/cms/customers'),
  });

  return (
    <DetailPage
      query={customer}
      list={{ to: '/cms/customers', label: 'Customers', all: 'All customers' }}
      crumb={(c) => c.name}
      notFound="This customer does not exist in the current company."
      testId={customersIds.detailPage}
      errorTestId={customersIds.detailError}
      header={(c) => (
        <PageHeader
          title={c ? c.name : <Skeleton width={260} />}
          titleTestId={customersIds.detailName}
          subtitle={c ? `Customer since ${formatDate(c.created_at)}` : <Skeleton width={160} />}
          actions={
            <>
              {buttons}
              <Button
                variant="outlined"
                startIcon={<EmailOutlined />}
                disabled={!c}
                onClick={() => c && openSendEmail({ to: c.email, name: c.name, subject: '' })}
                data-testid={sendEmailIds.open}
              >
                Send email
              </Button>
              <Button
                component={Link}
                to={`/cms/orders/create?customer=${id}`}
                variant="outlined"
                startIcon={<AddShoppingCart />}
                disabled={!c || c.archived_at !== null}
                data-testid={supportIds.newOrder}
              >
                New order
              </Button>
              <Button
                component={Link}
                to="edit"
                variant="contained"
                startIcon={<Edit />}
                disabled={!c}
                data-testid={customersIds.edit}
              >
                Edit
              </Button>
            </>
          }
        />
      )}
      extra={
        <>
          <Outlet />
          {dialog}
        </>
      }
    >
      {(c) => (
        <CardGrid>
          <ArchiveNotice noun="customer" record={c} showRefusal={mayDelete} />
          <Card sx={{ gridColumn: { lg: 'span 2' } }}>
            <CardHeader title="Details" slotProps={{ title: { variant: 'h6' } }} />
            <CardContent sx={{ pt: 0 }}>
              <Box
                sx={{
                  ...fieldGrid,
                  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
                }}
              >
                <DetailField label="Name" value={c.name} testId={customersIds.field('name')} />
                <DetailField label="Email" value={c.email} testId={customersIds.field('email')} />
                <DetailField label="Phone" value={c.phone} testId={customersIds.field('phone')} />
                <DetailField
                  label="Language"
                  value={languageName(c.language)}
                  testId={customersIds.field('language')}
                />
                <DetailField
                  label="Company name"
                  value={c.company_name}
                  testId={customersIds.field('company_name')}
                />
                <DetailField
                  label="VAT number"
                  value={c.vat_number}
                  testId={customersIds.field('vat_number')}
                />
                <DetailField
                  label="Record mails"
                  value={c.record_mail_opt_out ? 'Opted out' : 'Sent'}
                  testId={customersIds.field('record_mail_opt_out')}
                />
                <DetailField
                  label="Created"
                  value={formatDateTime(c.created_at)}
                  testId={customersIds.field('created_at')}
                />
                <DetailField
                  label="Updated"
                  value={formatDateTime(c.updated_at)}
                  testId={customersIds.field('updated_at')}
                />
              </Box>
            </CardContent>
          </Card>
          <CustomerFiguresCard customerId={c.id} />
          <CustomerOrdersCard customerId={c.id} />
          <CustomerSubscriptionsCard customerId={c.id} />
          <CustomerInvoicesCard customerId={c.id} />
          <CustomerPaymentsCard customerId={c.id} />
          <CustomerQuotesCard customerId={c.id} />
          {maySeeMails ? <CustomerMailsCard customerId={c.id} /> : null}
          <AddressCard title="Billing address" kind="billing" address={c.billing_address} />
          <AddressCard title="Shipping address" kind="shipping" address={c.shipping_address} />
          <PaymentMethodsCard customerId={c.id} />
          <CumulatedInvoicesCard customerId={c.id} mode={c.cumulated_invoice} />
          <NotesCard entity="customer" entityId={c.id} />
        </CardGrid>
      )}
    </DetailPage>
  );
}
