/**
 * `/cms/invoice-downloads/{id}?company={company}`: where the "invoices download" mail links to. The ZIP
 * of invoice PDFs is `GET invoices/zip/{id}`, which needs the signed-in session (a link straight to the
 * API would carry none), so this page fetches it and hands it to the browser's download as it opens,
 * and again on "Download again". The company comes from the link (the user may have another one open);
 * the server's refusal (still being prepared, expired, not found) is shown as it says it.
 */
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useCompanyId } from '../../app/current-company.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDownloadInvoicesZip } from './hooks.ts';
import { invoicesIds } from './testids.ts';

export function InvoicesZipPage() {
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const current = useCompanyId();
  const company = Number(search.get('company')) || current;
  const download = useDownloadInvoicesZip(company);
  const started = useRef(false);
  useEffect(() => {
    // Once per page, though development's strict mode runs effects twice.
    if (started.current || !Number.isInteger(id)) return;
    started.current = true;
    download.mutate(id);
  }, [id, download]);

  return (
    <Box data-testid={invoicesIds.zipPage}>
      <PageHeader
        title="Invoices download"
        subtitle="The PDFs of the invoices you selected, in one ZIP file"
      />
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Box data-testid={invoicesIds.zipStatus} data-state={download.status}>
          {download.isPending || download.isIdle ? (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} aria-label="Downloading" />
              <span>Downloading the ZIP file…</span>
            </Stack>
          ) : download.isError ? (
            <Alert severity="warning">{download.error.message}</Alert>
          ) : (
            <Alert severity="success">Downloaded {download.data}. Look for it in your downloads.</Alert>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            startIcon={<Download />}
            disabled={download.isPending || !Number.isInteger(id)}
            onClick={() => download.mutate(id)}
            data-testid={invoicesIds.zipAgain}
          >
            {download.isSuccess ? 'Download again' : 'Download'}
          </Button>
          <Link component={RouterLink} to="/cms/invoices">
            Back to invoices
          </Link>
        </Stack>
      </Stack>
    </Box>
  );
}
