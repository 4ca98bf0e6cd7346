/**
 * The files a mail of the Email History carried (decision 71: references, made at delivery). An invoice's
 * PDF is offered as its download (`GET invoices/pdf`, the stored bytes the mail carried) when the entry is
 * the current company's: Email History is for admins, who may see every invoice of their company; an
 * operator's view of a platform mail (no company) names the file without a link, as no invoice is ours.
 */
import AttachFile from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { EmailEntry, MailAttachment } from '@rentloop/domain/email';
import { MESSAGES } from '@rentloop/domain/messages';
import { useCompanyId } from '../../app/current-company.tsx';
import { notify } from '../../utils/notify.ts';
import { useDownloadInvoicePdf } from '../invoices/hooks.ts';
import { emailHistoryIds } from './testids.ts';

export function EmailAttachments({ entry }: { entry: EmailEntry }) {
  const company = useCompanyId();
  const pdf = useDownloadInvoicePdf();
  if (entry.attachments.length === 0) return null;
  const ours = entry.company_id === company;
  const download = (file: MailAttachment) =>
    pdf.mutate(
      // The reference holds no number: the server's content-disposition names the file.
      { id: file.invoice_id, number: null },
      { onError: () => notify.error(MESSAGES.invoicePdfDownloadFailed) },
    );
  return (
    <Box sx={{ mb: 2 }} data-testid={emailHistoryIds.attachments}>
      <Typography variant="caption" color="text.secondary" component="div">
        Attachments
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        {entry.attachments.map((file) =>
          ours ? (
            <Button
              key={`${file.kind}-${file.invoice_id}`}
              variant="outlined"
              size="small"
              startIcon={<AttachFile />}
              disabled={pdf.isPending}
              onClick={() => download(file)}
              title="Download the PDF"
              sx={{ textTransform: 'none', maxWidth: '100%', justifyContent: 'flex-start' }}
              data-testid={emailHistoryIds.attachment(file.invoice_id)}
            >
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {file.filename}
              </Box>
            </Button>
          ) : (
            <Typography
              key={`${file.kind}-${file.invoice_id}`}
              variant="body2"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              data-testid={emailHistoryIds.attachment(file.invoice_id)}
            >
              <AttachFile fontSize="small" /> {file.filename}
            </Typography>
          ),
        )}
      </Box>
    </Box>
  );
}
