import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's title row: title and subtitle on the left, actions on the right. */
export function PageHeader(props: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  titleTestId?: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="h4"
          component="h1"
          data-testid={props.titleTestId}
          sx={{ wordBreak: 'break-word' }}
        >
          {props.title}
        </Typography>
        {props.subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {props.subtitle}
          </Typography>
        )}
      </Box>
      {props.actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{props.actions}</Box>}
    </Box>
  );
}
