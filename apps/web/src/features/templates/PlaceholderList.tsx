/** The placeholders of a template's kind: a click puts one into the subject, or copies it for the editor. */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TemplatePlaceholder } from '@rentloop/domain/templates';
import { templatesIds } from './testids.ts';

export function PlaceholderList(props: {
  placeholders: readonly TemplatePlaceholder[];
  onPick: (key: string) => void;
  disabled?: boolean;
}) {
  return (
    <Card sx={{ width: { lg: 260 }, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          Placeholders
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Filled in when the mail is sent. Click one to insert it into the subject, or to copy it and paste it
          into a text.
        </Typography>
        <Stack spacing={0.5}>
          {props.placeholders.map((p) => (
            <Button
              key={p.key}
              size="small"
              disabled={props.disabled}
              data-testid={templatesIds.placeholder(p.key)}
              // Keep the focus (and caret) where it is: in the subject.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => props.onPick(p.key)}
              sx={{ justifyContent: 'flex-start', textTransform: 'none', textAlign: 'left' }}
            >
              <Stack>
                <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
                  {`{{${p.key}}}`}
                </Typography>
                <Typography variant="caption" component="span" color="text.secondary">
                  {p.label}
                </Typography>
              </Stack>
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
