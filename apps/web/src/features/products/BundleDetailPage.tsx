/**
 * `/cms/products/bundles/{id}`: a bundle or group, its variants with their quantities (changed with
 * `POST bundles/{id}/variants/add`, removed with `/remove`), a variant picker to add more, Edit and
 * Delete.
 */
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Bundle, Variant } from '@rentloop/domain/catalog';
import { firstError } from '@rentloop/domain/validation';
import { useEffect, useState } from 'react';
import { Outlet, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DetailPage } from '../../components/DetailPage.tsx';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { VariantPicker } from '../../components/VariantPicker.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { bundleKind } from './BundlesPage.tsx';
import { useBundle, useChangeBundleVariants, useDeleteBundle } from './bundle-hooks.ts';
import { useIsCatalogAdmin } from './CatalogHeader.tsx';
import { bundlesIds } from './testids.ts';

const MAX_QUANTITY = 1000;

/** A quantity as typed: a whole number from 1 to 1000, or the message why not. */
export function readQuantity(text: string): { value: number } | { error: string } {
  const problem = firstError(text.trim(), ['required', 'onlyNumbers', 'decimalsDisallowed', 'onlyPositive']);
  if (problem) return { error: problem };
  const value = Number(text.trim());
  if (value > MAX_QUANTITY) return { error: `At most ${MAX_QUANTITY}.` };
  return { value };
}

function QuantityCell({
  bundle,
  line,
  editable,
}: {
  bundle: Bundle;
  line: Bundle['variants'][number];
  editable: boolean;
}) {
  const add = useChangeBundleVariants(bundle.id, 'add');
  const [text, setText] = useState(String(line.quantity));
  // A saved change (or one made elsewhere) becomes the field's text.
  useEffect(() => setText(String(line.quantity)), [line.quantity]);
  const read = readQuantity(text);
  const error = 'error' in read ? read.error : null;
  if (!editable) return <>{line.quantity}</>;
  const commit = () => {
    if ('error' in read || read.value === line.quantity) return;
    add.mutate([{ variant_id: line.variant_id, quantity: read.value }], {
      onSuccess: () => notify.success(`Quantity of ${line.name} set to ${read.value}.`),
      onError: (e) => {
        notify.error(e.message);
        setText(String(line.quantity));
      },
    });
  };
  return (
    <TextField
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      error={Boolean(error)}
      helperText={error}
      disabled={add.isPending}
      sx={{ width: 110 }}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          'aria-label': `Quantity of ${line.name}`,
          'data-testid': bundlesIds.quantity(line.variant_id),
        },
      }}
    />
  );
}

function VariantsCard({ bundle, editable }: { bundle: Bundle; editable: boolean }) {
  const add = useChangeBundleVariants(bundle.id, 'add');
  const remove = useChangeBundleVariants(bundle.id, 'remove');
  const [picked, setPicked] = useState<Variant | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);
  const read = readQuantity(quantity);
  const quantityError = 'error' in read ? read.error : null;
  const chosen = new Set(bundle.variants.map((v) => v.variant_id));

  const onAdd = () => {
    if (!picked || 'error' in read) return;
    setProblem(null);
    add.mutate([{ variant_id: picked.id, quantity: read.value }], {
      onSuccess: () => {
        notify.success(`${picked.name} added to ${bundle.name}.`);
        setPicked(null);
        setQuantity('1');
      },
      onError: (error) => {
        notify.error(error.message);
        const fields = error instanceof ApiError ? Object.values(error.errors ?? {}).flat() : [];
        setProblem(fields.length ? fields.join(' ') : error.message);
      },
    });
  };

  return (
    <Card>
      <CardHeader
        title="Variants"
        subheader={
          bundle.is_group
            ? 'The customer rents one of these variants.'
            : 'The customer rents all of these variants together, in these quantities.'
        }
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0, px: 0 }}>
        <TableContainer>
          <Table size="small" aria-label="Variants of the bundle">
            <TableHead>
              <TableRow>
                <TableCell>SKU</TableCell>
                <TableCell>Variant</TableCell>
                <TableCell>Quantity</TableCell>
                {editable && <TableCell align="right" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {bundle.variants.map((line) => (
                <TableRow
                  key={line.variant_id}
                  data-testid={bundlesIds.variantRow}
                  data-variant-id={line.variant_id}
                >
                  <TableCell sx={{ fontFamily: 'monospace' }}>{line.sku ?? '—'}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/cms/products/${line.product_id}`} underline="hover">
                      {line.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <QuantityCell bundle={bundle} line={line} editable={editable} />
                  </TableCell>
                  {editable && (
                    <TableCell align="right">
                      <Tooltip title="Remove from the bundle">
                        <IconButton
                          aria-label={`Remove ${line.name}`}
                          disabled={remove.isPending}
                          onClick={() =>
                            remove.mutate([{ variant_id: line.variant_id }], {
                              onSuccess: () => notify.success(`${line.name} removed from ${bundle.name}.`),
                              onError: (error) => notify.error(error.message),
                            })
                          }
                          data-testid={bundlesIds.remove(line.variant_id)}
                        >
                          <DeleteOutlined />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {bundle.variants.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} sx={{ borderBottom: 0 }}>
                    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                      No variants yet.{editable ? ' Add them below.' : ''}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {editable && (
          <Box sx={{ px: 2, pt: 2 }}>
            {problem && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid={bundlesIds.variantsError}>
                {problem}
              </Alert>
            )}
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 120px auto' },
              }}
            >
              <VariantPicker
                label="Add a variant"
                value={picked}
                onChange={setPicked}
                exclude={chosen}
                testId={bundlesIds.picker}
              />
              <TextField
                label="Quantity"
                value={quantity}
                onChange={(event) => setQuantity(event.target.value)}
                error={Boolean(quantityError)}
                helperText={quantityError}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': bundlesIds.pickerQuantity } }}
              />
              <Button
                variant="contained"
                startIcon={<Add />}
                onClick={onAdd}
                disabled={!picked || Boolean(quantityError)}
                loading={add.isPending}
                loadingPosition="start"
                sx={{ height: 56 }}
                data-testid={bundlesIds.add}
              >
                Add
              </Button>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export function BundleDetailPage() {
  const id = Number(useParams().bundleId);
  const bundle = useBundle(id);
  const isAdmin = useIsCatalogAdmin();
  const currency = useCompanyCurrency();
  const navigate = useNavigate();
  const remove = useDeleteBundle(id);
  const [confirming, setConfirming] = useState(false);

  return (
    <DetailPage
      query={bundle}
      list={{ to: '/cms/products/bundles', label: 'Bundles', all: 'All bundles' }}
      crumb={(b) => b.name}
      notFound="This bundle does not exist in the current company."
      testId={bundlesIds.detailPage}
      errorTestId={bundlesIds.detailError}
      header={(b) => (
        <PageHeader
          title={b ? b.name : <Skeleton width={260} />}
          titleTestId={bundlesIds.detailName}
          subtitle={
            b ? `${bundleKind(b)} · updated ${formatDateTime(b.updated_at)}` : <Skeleton width={200} />
          }
          actions={
            isAdmin && (
              <>
                <Button
                  color="error"
                  startIcon={<DeleteOutlined />}
                  disabled={!b}
                  onClick={() => setConfirming(true)}
                  data-testid={bundlesIds.delete}
                >
                  Delete
                </Button>
                <Button
                  component={RouterLink}
                  to="edit"
                  variant="contained"
                  startIcon={<Edit />}
                  disabled={!b}
                  data-testid={bundlesIds.edit}
                >
                  Edit
                </Button>
              </>
            )
          }
        />
      )}
      extra={
        <>
          <ConfirmDialog
            open={confirming}
            title="Delete this bundle?"
            confirmLabel="Delete"
            busy={remove.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: ({ message }) => {
                  notify.success(message || 'Bundle deleted.');
                  navigate('/cms/products/bundles');
                },
                onError: (error) => notify.error(error.message),
              })
            }
          >
            {bundle.data?.name} will be deleted. Its variants and products stay.
          </ConfirmDialog>
          <Outlet />
        </>
      }
    >
      {(b) => (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' },
            alignItems: 'start',
          }}
        >
          <Card>
            <CardHeader title="Details" slotProps={{ title: { variant: 'h6' } }} />
            <CardContent sx={{ pt: 0, display: 'grid', gap: 2 }}>
              <Box>
                <Typography variant="caption" color="text.secondary" component="div">
                  Status
                </Typography>
                <StatusChip
                  status={b.is_active ? 'active' : 'inactive'}
                  label={b.is_active ? 'Active' : 'Inactive'}
                />
              </Box>
              <Box>
                <Typography variant="caption" color="text.secondary" component="div">
                  Price
                </Typography>
                <Typography variant="body2">
                  {b.price === null ? "The variants' own prices" : formatAmount(b.price, currency)}
                </Typography>
              </Box>
              <Box>
                <Typography variant="caption" color="text.secondary" component="div">
                  Description
                </Typography>
                <Typography variant="body2" sx={{ color: b.description ? 'text.primary' : 'text.disabled' }}>
                  {b.description ?? '—'}
                </Typography>
              </Box>
            </CardContent>
          </Card>
          <VariantsCard bundle={b} editable={isAdmin} />
        </Box>
      )}
    </DetailPage>
  );
}
