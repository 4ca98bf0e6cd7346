/**
 * The mail as it would go out, filled from a real record of the company (picked above it, else the
 * latest one that has what the template needs). Shown in a sandboxed frame:
 * no script of a template runs in the app, and its styles stay inside.
 */
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PreviewRecordType } from '@rentloop/domain/template-kinds';
import type { TemplatePreview } from '@rentloop/domain/templates';
import { type PickedRecord, RecordPicker } from './RecordPicker.tsx';
import { templatesIds } from './testids.ts';

export function PreviewPane(props: {
  preview: TemplatePreview | undefined;
  pending: boolean;
  failed: boolean;
  /** The kind's record type (null: the kind needs none, or it is a platform mail). */
  recordType: PreviewRecordType | null;
  onPickRecord: (record: PickedRecord | null) => void;
  picked: PickedRecord | null;
}) {
  const { preview } = props;
  const shown =
    props.picked ?? (preview?.record ? { id: preview.record.id, label: preview.record.label } : null);
  return (
    <Card data-testid={templatesIds.preview}>
      {props.pending && <LinearProgress aria-label="Rendering the preview" />}
      <CardContent>
        {props.recordType && (
          <Stack sx={{ mb: 2 }}>
            <RecordPicker type={props.recordType} value={shown} onChange={props.onPickRecord} />
          </Stack>
        )}
        {props.failed && (
          <Alert severity="error">The preview could not be rendered: check the placeholders.</Alert>
        )}
        {preview && (
          <Stack spacing={1.5}>
            <Typography>
              <strong>Subject:</strong> {preview.subject}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid={templatesIds.previewSource}>
              {preview.source}
            </Typography>
            {preview.unknown_placeholders.length > 0 && (
              <Alert severity="warning" data-testid={templatesIds.unknownPlaceholders}>
                Not a placeholder of this template (a typo?):{' '}
                {preview.unknown_placeholders.map((p) => `{{${p}}}`).join(', ')}
              </Alert>
            )}
            <iframe
              title="Mail preview"
              data-testid={templatesIds.previewFrame}
              sandbox=""
              srcDoc={preview.html}
              style={{ width: '100%', height: 620, border: '1px solid rgba(0,0,0,0.12)', background: '#fff' }}
            />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
