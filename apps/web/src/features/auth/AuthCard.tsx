/** The card the sign-in and account-flow pages share: logo, title, subtitle, then the page's content. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo.tsx';

export function AuthCard(props: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, py: 6 }}>
      <Card
        variant="elevation"
        elevation={8}
        data-testid={props.testId}
        sx={{ width: '100%', maxWidth: 440, borderRadius: 3, boxShadow: '0 24px 60px rgba(0,0,0,0.35)' }}
      >
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3, textAlign: 'center' }}>
            <Logo size={44} />
            <Typography variant="h5" component="h1">
              {props.title}
            </Typography>
            {props.subtitle && (
              <Typography variant="body2" color="text.secondary">
                {props.subtitle}
              </Typography>
            )}
          </Stack>
          {props.children}
        </CardContent>
      </Card>
    </Box>
  );
}
