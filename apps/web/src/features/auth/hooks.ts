import type { LoginInput, Me, Tokens } from '@rentloop/domain/auth';
import type { InvitationAccepted } from '@rentloop/domain/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { type ApiResult, api, unwrap, unwrapAnswer } from '../../api/client.ts';
import { tokenStore } from '../../api/tokens.ts';
import { noteSignIn, noteSignOut } from './return-to.ts';

export const authKeys = {
  all: ['auth'] as const,
  me: () => ['auth', 'me'] as const,
};

const hasToken = () => tokenStore.accessToken() !== null;

export function useSignedIn(): boolean {
  return useSyncExternalStore(tokenStore.subscribe, hasToken);
}

export function useMe() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: authKeys.me(),
    queryFn: async ({ signal }) => unwrap(await api.get<Me>('/api/auth/me', { signal })),
    enabled: signedIn,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => unwrap(await api.post<Tokens>('/api/auth/login', input)),
    onSuccess: (tokens) => {
      queryClient.clear();
      noteSignIn();
      tokenStore.set(tokens);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // Revoking may fail (expired session, network): the local session ends either way.
    mutationFn: async () => api.post<null>('/api/auth/logout'),
    onSettled: () => {
      // Before the session ends: the screen's guard then sends to the plain sign-in page, not to one
      // that would return here (a sign-out is not a session that ran out).
      noteSignOut();
      tokenStore.clear();
      queryClient.clear();
    },
  });
}

/** A call whose answer is only a message ("Verification email sent.", "Email verified."). */
function messageOf(result: ApiResult<null>): string {
  return unwrapAnswer(result).message;
}

/** `POST /api/auth/email/request-verification`: sends the signed-in user the link again. */
export function useRequestVerification() {
  return useMutation({
    mutationFn: async () => messageOf(await api.post<null>('/api/auth/email/request-verification')),
  });
}

/** `POST /api/auth/email/verify?token=`: verifies the address; the session (if any) reloads the user. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      messageOf(await api.post<null>('/api/auth/email/verify', undefined, { query: { token } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}

/** `POST /api/auth/password/reset-request`: the answer is the same whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) =>
      messageOf(
        await api.post<null>('/api/auth/password/reset-request', { email, url: window.location.origin }),
      ),
  });
}

/**
 * `POST /api/auth/password/reset` with a reset or invitation token. The server ends every session of
 * the account, so a session kept in this browser ends too: the user signs in with the new password.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    // In the body, not the query: a password never belongs in a URL (or an access log).
    mutationFn: async (input: { token: string; email: string; password: string }) =>
      messageOf(await api.post<null>('/api/auth/password/reset', input)),
    onSuccess: () => {
      tokenStore.clear();
      queryClient.clear();
    },
  });
}

/**
 * `POST /api/auth/invitations/accept`: the invited account joins the company (the token proves the
 * mailbox, whoever is signed in here). A session in this browser reloads its companies.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const result = unwrapAnswer(
        await api.post<InvitationAccepted>('/api/auth/invitations/accept', { token }),
      );
      return { company: (result.data as InvitationAccepted).company, message: result.message };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
