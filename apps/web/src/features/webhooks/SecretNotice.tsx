/** A webhook's signing secret, shown once (after create or rotation), with a copy button. */
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { notify } from '../../utils/notify.ts';
import { webhooksIds } from './testids.ts';

export function SecretNotice({ secret }: { secret: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.info('Secret copied.');
    } catch {
      notify.error('Could not copy: select the secret and copy it.');
    }
  };
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Copy the signing secret now: it is not shown again. Your endpoint verifies each delivery's
        webhook-signature with it (Standard Webhooks).
      </Alert>
      <Typography
        component="code"
        data-testid={webhooksIds.secret}
        sx={{
          display: 'block',
          p: 1.5,
          mb: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          overflowWrap: 'anywhere',
          userSelect: 'all',
        }}
      >
        {secret}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<ContentCopy />}
        onClick={() => void copy()}
        data-testid={webhooksIds.secretCopy}
      >
        Copy secret
      </Button>
    </Box>
  );
}
