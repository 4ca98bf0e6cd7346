/**
 * The checkout's API key (`checkout_general`): whether one is set (its last four characters), and a
 * button that generates a new one and shows it once, in a dialog with a copy button.
 */
import ContentCopy from '@mui/icons-material/ContentCopy';
import Key from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { notify } from '../../utils/notify.ts';
import { useGenerateApiKey } from './hooks.ts';
import { settingsIds } from './testids.ts';

export function ApiKeyCard({ set, last4 }: { set: boolean; last4: string | null }) {
  const generate = useGenerateApiKey();
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState<string | null>(null);

  const run = () =>
    generate.mutate(undefined, {
      onSuccess: ({ data, message }) => {
        setConfirming(false);
        setShown(data.api_key);
        notify.success(message || 'API key generated.');
      },
      onError: (error) => {
        setConfirming(false);
        notify.error(error.message || 'Request not successful.');
      },
    });

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
      notify.success('API key copied.');
    } catch {
      notify.error('Could not copy: select the key and copy it by hand.');
    }
  };

  return (
    <Card>
      <CardHeader
        title="Checkout API key"
        subheader="The checkout authenticates with this key. It is shown once when generated; Rentloop keeps only a fingerprint of it."
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography variant="body2" data-testid={settingsIds.apiKeyStatus}>
          {set ? (
            <>
              A key is set, ending in <strong>…{last4}</strong>.
            </>
          ) : (
            'No key yet.'
          )}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<Key />}
          onClick={() => (set ? setConfirming(true) : run())}
          loading={generate.isPending}
          loadingPosition="start"
          data-testid={settingsIds.generateApiKey}
        >
          {set ? 'Generate a new API key' : 'Generate API key'}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Replace the API key?"
        confirmLabel="Generate new key"
        busy={generate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={run}
      >
        The current key stops working at once: the checkout needs the new one.
      </ConfirmDialog>
      <Dialog open={shown !== null} maxWidth="sm" fullWidth data-testid={settingsIds.apiKeyDialog}>
        <DialogTitle>Your new API key</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning">Copy it now: it is not shown again.</Alert>
          <TextField
            value={shown ?? ''}
            label="API key"
            fullWidth
            slotProps={{
              input: {
                readOnly: true,
                sx: { fontFamily: 'monospace' },
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="Copy">
                      <IconButton
                        onClick={copy}
                        edge="end"
                        data-testid={settingsIds.copyApiKey}
                        aria-label="Copy"
                      >
                        <ContentCopy />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
              htmlInput: { 'data-testid': settingsIds.apiKeyValue },
            }}
            onFocus={(event) => event.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setShown(null)} data-testid={settingsIds.closeApiKey}>
            I have copied it
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
