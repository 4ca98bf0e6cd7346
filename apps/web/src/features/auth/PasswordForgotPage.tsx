/**
 * `/auth/password-forgot`: asks for the email and sends a reset link. The answer is the same whether or
 * not an account exists, so nobody can find out which addresses have one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { resetRequestSchema } from '@rentloop/domain/users';

import { FormTextField } from '../../components/FormTextField.tsx';
import { applyServerErrors } from '../../components/form-errors.ts';
import { useAppForm } from '../../components/use-app-form.ts';
import { AuthCard } from './AuthCard.tsx';
import { BackToSignIn } from './BackToSignIn.tsx';
import { useRequestPasswordReset } from './hooks.ts';
import { authIds } from './testids.ts';

const schema = resetRequestSchema.pick({ email: true });

export function PasswordForgotPage() {
  const request = useRequestPasswordReset();
  const form = useAppForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(({ email }) =>
    request.mutate(email, { onError: (error) => applyServerErrors(form, error) }),
  );

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="We will email you a link to choose a new one"
      testId={authIds.forgotPage}
    >
      {request.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid={authIds.forgotSent}>
            {request.data}
          </Alert>
          <BackToSignIn />
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            {request.error && !form.formState.errors.email && (
              <Alert severity="error" data-testid={authIds.forgotError}>
                {request.error.message}
              </Alert>
            )}
            <FormTextField
              control={form.control}
              name="email"
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              size="medium"
              slotProps={{ htmlInput: { 'data-testid': authIds.forgotEmail } }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              startIcon={<Send />}
              loading={request.isPending}
              loadingPosition="start"
              data-testid={authIds.forgotSubmit}
            >
              Send the link
            </Button>
            <BackToSignIn />
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
