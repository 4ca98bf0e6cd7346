/**
 * Creating a company (operators), then offering the next step: its owner, created at
 * /super/users/create with the company filled in. Used by `/super/companies/create` (a dialog over the
 * list) and by the route `cms-companies-create` (a page, reached from the company switcher).
 */

import { zodResolver } from '@hookform/resolvers/zod';
import ArrowForward from '@mui/icons-material/ArrowForward';
import DomainAddOutlined from '@mui/icons-material/DomainAddOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { UserCompany } from '@rentloop/domain/companies';
import { MESSAGES } from '@rentloop/domain/messages';
import type { ReactNode } from 'react';

import { FormProblems } from '../../components/DialogForm.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import {
  CompanyFields,
  type CompanyFormOutput,
  type CompanyFormValues,
  companyFormSchema,
  EMPTY_COMPANY,
} from './CompanyForm.tsx';
import { useCreateCompany } from './hooks.ts';
import { companyAdminIds } from './testids.ts';

/** Where "Create its owner" goes: the operator's user form with the company and the owner role filled in. */
export const ownerCreatePath = (companyId: number) =>
  `/super/users/create?company_id=${companyId}&company_role=owner`;

export interface CompanyCreateProps {
  /** Leaves the flow, to `to` (another screen) or back where it came from. */
  onLeave: (to?: string) => void;
  /** Lays out the fields and the buttons (dialog content and actions, or a card). */
  layout: (parts: { body: ReactNode; actions: ReactNode }) => ReactNode;
}

function Created({ company, onLeave, layout }: { company: UserCompany } & CompanyCreateProps) {
  return layout({
    body: (
      <Alert severity="success" data-testid={companyAdminIds.created}>
        <AlertTitle>{company.name} is ready</AlertTitle>A company needs an owner to run it. Create the owner's
        account now: they receive an invitation to choose a password.
      </Alert>
    ),
    actions: (
      <>
        <Button onClick={() => onLeave()} data-testid={companyAdminIds.done}>
          Done
        </Button>
        <Button
          onClick={() => onLeave(`/super/companies/${company.id}`)}
          endIcon={<ArrowForward />}
          data-testid={companyAdminIds.openCompany}
        >
          Open the company
        </Button>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Outlined />}
          onClick={() => onLeave(ownerCreatePath(company.id))}
          data-testid={companyAdminIds.createOwner}
        >
          Create its owner
        </Button>
      </>
    ),
  });
}

export function CompanyCreate({ onLeave, layout }: CompanyCreateProps) {
  const create = useCreateCompany();
  const form = useAppForm<CompanyFormValues, unknown, CompanyFormOutput>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: EMPTY_COMPANY,
  });
  const { onSubmit, problems } = useSubmit(form, create, {
    saved: MESSAGES.companyCreated,
    failed: MESSAGES.companyCreateFailed,
  });

  if (create.data) return <Created company={create.data.company} onLeave={onLeave} layout={layout} />;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      data-testid={companyAdminIds.form}
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      {layout({
        body: (
          <Stack spacing={2}>
            <FormProblems problems={problems} testId={companyAdminIds.formError} sx={{}} />
            <CompanyFields form={form} autoFocus />
          </Stack>
        ),
        actions: (
          <>
            <Button
              onClick={() => onLeave()}
              disabled={create.isPending}
              data-testid={companyAdminIds.cancel}
            >
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              startIcon={<DomainAddOutlined />}
              loading={create.isPending}
              loadingPosition="start"
              data-testid={companyAdminIds.save}
            >
              Create company
            </Button>
          </>
        ),
      })}
    </Box>
  );
}
