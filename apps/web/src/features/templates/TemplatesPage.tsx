/**
 * `/cms/email-templates` (a company's) and `/super/default-email-templates` (the operators' defaults):
 * every mail the product sends, and per language whether it has its own text; a language opens the
 * editor.
 */
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import { LANGUAGE_NAMES } from '@rentloop/domain/template-kinds';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { type TemplateScope, useTemplateKinds } from './hooks.ts';
import { templatesIds } from './testids.ts';

export const editorPath = (scope: TemplateScope, id: string, lang: string) =>
  scope === 'company'
    ? `/cms/email-templates/${id}/${lang}/edit`
    : `/super/default-email-templates/${id}/${lang}/edit`;

const COPY: Record<TemplateScope, { title: string; subtitle: string; own: string }> = {
  company: {
    title: 'Email Templates',
    subtitle:
      'What your mails say, per language. A language marked “Own text” uses yours; the others use Rentloop’s default. Mails go out in the default language of your email settings.',
    own: 'Own text',
  },
  default: {
    title: 'Default Email Templates',
    subtitle:
      'The texts every company starts with, and keeps while it has no text of its own. “Changed” marks a language an operator changed from the text Rentloop ships.',
    own: 'Changed',
  },
};

export function TemplatesPage({ scope }: { scope: TemplateScope }) {
  const kinds = useTemplateKinds(scope);
  const copy = COPY[scope];
  return (
    <div data-testid={templatesIds.page}>
      <PageHeader title={copy.title} subtitle={copy.subtitle} />
      {kinds.isError && (
        <Alert severity="error" data-testid={templatesIds.error}>
          {MESSAGES.templatesFetchFailed}
        </Alert>
      )}
      <Card>
        <TableContainer>
          <Table aria-label={copy.title}>
            <TableHead>
              <TableRow>
                <TableCell>Template</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Languages</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {kinds.isPending &&
                [0, 1, 2].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={3}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
              {kinds.data?.map((kind) => (
                <TableRow key={kind.template_id} data-testid={templatesIds.row(kind.template_id)}>
                  <TableCell>
                    <Typography sx={{ fontWeight: 600 }}>{kind.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {kind.description}
                      {scope === 'default' &&
                        kind.scope === 'platform' &&
                        ' Sent by the platform: companies cannot change it.'}
                    </Typography>
                  </TableCell>
                  <TableCell>{kind.type === 'invoice' ? 'Invoice' : 'Email'}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {kind.locales.map((l) => {
                        const shown = `${l.lang.toUpperCase()}${l.customised ? ` · ${copy.own}` : ''}`;
                        return (
                          <Chip
                            key={l.lang}
                            component={Link}
                            to={editorPath(scope, kind.template_id, l.lang)}
                            clickable
                            data-testid={templatesIds.locale(kind.template_id, l.lang)}
                            color={l.customised ? 'primary' : 'default'}
                            variant={l.customised ? 'filled' : 'outlined'}
                            label={shown}
                            title={`${LANGUAGE_NAMES[l.lang]}${l.updated_at && l.customised ? `, changed ${formatDateTime(l.updated_at)}` : ''}`}
                            // The accessible name starts with the visible text (axe label-content-name-mismatch),
                            // so a voice command naming what is seen ("click EN") finds the chip.
                            aria-label={`${shown}: edit ${kind.name} in ${LANGUAGE_NAMES[l.lang]}`}
                          />
                        );
                      })}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </div>
  );
}

export const CompanyTemplatesPage = () => <TemplatesPage scope="company" />;
export const DefaultTemplatesPage = () => <TemplatesPage scope="default" />;
