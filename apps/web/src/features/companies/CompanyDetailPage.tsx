/**
 * `/super/companies/{id}`: edit a company, see its settings groups (read-only), add its owner, switch to
 * it, or delete it with all its data.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UserCompany } from '@rentloop/domain/companies';
import { MESSAGES } from '@rentloop/domain/messages';
import { SETTINGS_SECTIONS, type SettingsSectionKey } from '@rentloop/domain/settings';
import { useEffect, useState } from 'react';

import { Link, useNavigate, useParams } from 'react-router';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { currentCompanyStore } from '../../app/current-company-store.ts';
import { CardForm } from '../../components/CardForm.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CardGrid, DetailPage } from '../../components/DetailPage.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { formatDate } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { FeatureFlagsCard } from '../settings/FeatureFlagsCard.tsx';
import { ownerCreatePath } from './CompanyCreate.tsx';
import {
  CompanyFields,
  type CompanyFormOutput,
  type CompanyFormValues,
  companyFormSchema,
} from './CompanyForm.tsx';
import { useCompany, useCompanySettings, useDeleteCompany, useUpdateCompany } from './hooks.ts';
import { companyAdminIds } from './testids.ts';

function DetailsCard({ company }: { company: UserCompany }) {
  const update = useUpdateCompany(company.id);
  const form = useAppForm<CompanyFormValues, unknown, CompanyFormOutput>({
    resolver: zodResolver(companyFormSchema),
    values: {
      name: company.name,
      currency: company.currency,
      shop_system: company.shop_system,
      payment_system: company.payment_system,
    },
  });
  const { onSubmit, isDirty } = useSubmit(form, update, {
    saved: MESSAGES.companyUpdated,
    failed: MESSAGES.companyUpdateFailed,
  });
  return (
    <CardForm
      title="Details"
      onSubmit={onSubmit}
      isDirty={isDirty}
      saving={update.isPending}
      saveLabel="Save"
      saveDisabled={!form.formState.isDirty}
      testIds={{ form: companyAdminIds.form, save: companyAdminIds.save }}
    >
      <CompanyFields form={form} />
    </CardForm>
  );
}

const valueText = (value: unknown) =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);

/** Every section (defaults where nothing is saved), by its title, each one's values in a table when opened. */
function SettingsGroups({ groups }: { groups: Record<string, Record<string, unknown>> }) {
  return (
    <Box>
      {Object.entries(groups).map(([group, values]) => (
        <Accordion
          key={group}
          disableGutters
          variant="outlined"
          slotProps={{ transition: { unmountOnExit: true } }}
          data-testid={companyAdminIds.settingsGroup(group)}
        >
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography variant="subtitle2">
              {SETTINGS_SECTIONS[group as SettingsSectionKey]?.title ?? group}
            </Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ pt: 0 }}>
            <Table size="small">
              <TableBody>
                {Object.entries(values).map(([key, value]) => (
                  <TableRow key={key}>
                    <TableCell sx={{ width: '40%', fontFamily: 'monospace', fontSize: 13 }}>{key}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{valueText(value)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

function SettingsCard({ id }: { id: number }) {
  const settings = useCompanySettings(id);
  useEffect(() => {
    if (settings.error) notify.error(MESSAGES.settingsFetchFailed);
  }, [settings.error]);
  return (
    <Card data-testid={companyAdminIds.settings}>
      <CardHeader
        title="Settings"
        subheader="Read-only: the company's settings, defaults where nothing is saved (the company's admins change them under Settings)"
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {settings.error ? (
          <Alert severity="error">{MESSAGES.settingsFetchFailed}</Alert>
        ) : !settings.data ? (
          <Skeleton variant="rounded" height={160} />
        ) : (
          <SettingsGroups groups={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

/** Deleting a company and all its data, after typing its name. */
function useDeleteCompanyDialog(company: UserCompany | undefined) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteCompany();
  const navigate = useNavigate();
  const { me, company: current } = useCurrentCompany();
  const confirm = () => {
    if (!company) return;
    remove.mutate(company.id, {
      onSuccess: ({ message }) => {
        // The operator was working in it: the next company is picked as at sign-in.
        if (me && current?.id === company.id) currentCompanyStore.clear(me.id);
        notify.success(message || MESSAGES.companyDeleted);
        setOpen(false);
        navigate('/super/companies', { replace: true });
      },
      onError: (error) => notify.error(error.message),
    });
  };
  const dialog = company && (
    <ConfirmDialog
      open={open}
      title={`Delete ${company.name}?`}
      confirmLabel="Delete company"
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={() => setOpen(false)}
      typeToConfirm={company.name}
    >
      This deletes the company with all its data: users lose access to it, and its customers, orders and
      settings are gone. This cannot be undone.
    </ConfirmDialog>
  );
  return { openDelete: () => setOpen(true), deleteDialog: dialog };
}

export function CompanyDetailPage() {
  const id = Number(useParams().id);
  const company = useCompany(id);
  const c = company.data as UserCompany | undefined;
  const { select } = useCurrentCompany();
  const navigate = useNavigate();
  const { openDelete, deleteDialog } = useDeleteCompanyDialog(c);

  const switchTo = () => {
    if (!c) return;
    select(c.id);
    navigate('/cms/customers');
  };

  return (
    <DetailPage
      query={{ data: c, error: company.error }}
      list={{ to: '/super/companies', label: 'Companies', all: 'All companies' }}
      crumb={(c) => c.name}
      notFound="This company does not exist (any more)."
      failed={MESSAGES.companyFetchFailed}
      testId={companyAdminIds.detailPage}
      errorTestId={companyAdminIds.detailError}
      header={(c) => (
        <PageHeader
          title={c ? c.name : <Skeleton width={260} />}
          titleTestId={companyAdminIds.detailName}
          subtitle={c ? `Company #${c.id} · created ${formatDate(c.created_at)}` : <Skeleton width={200} />}
          actions={
            <>
              <Button
                component={Link}
                to={ownerCreatePath(id)}
                variant="outlined"
                startIcon={<PersonAddAlt1Outlined />}
                disabled={!c}
                data-testid={companyAdminIds.addOwner}
              >
                Add an owner
              </Button>
              <Button
                variant="outlined"
                startIcon={<SwapHoriz />}
                onClick={switchTo}
                disabled={!c}
                data-testid={companyAdminIds.switchTo}
              >
                Work in this company
              </Button>
            </>
          }
        />
      )}
      extra={deleteDialog}
    >
      {(c) => (
        <CardGrid alignStart>
          <Stack spacing={2}>
            <DetailsCard company={c} />
            <Card sx={{ borderColor: 'error.light' }}>
              <CardHeader
                title="Delete the company"
                subheader="Removes the company and all its data for good"
                slotProps={{ title: { variant: 'h6' } }}
              />
              <CardContent sx={{ pt: 0 }}>
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutlined />}
                  onClick={openDelete}
                  data-testid={companyAdminIds.delete}
                >
                  Delete company
                </Button>
              </CardContent>
            </Card>
          </Stack>
          <Stack spacing={2}>
            <FeatureFlagsCard companyId={c.id} />
            <SettingsCard id={c.id} />
          </Stack>
        </CardGrid>
      )}
    </DetailPage>
  );
}
