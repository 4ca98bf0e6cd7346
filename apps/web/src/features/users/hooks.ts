/**
 * Data hooks of users (STYLE.md #2), on two key factories: `users` (accounts: the profile, the
 * operators' user administration) and `company-users` (the users of one company, with their role).
 */
import type { Me } from '@rentloop/domain/auth';
import type { CompanyRole } from '@rentloop/domain/roles';
import type { CompanyUser, ProfileUpdate, User, UserActions } from '@rentloop/domain/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';
import { authKeys } from '../auth/hooks.ts';

export const usersKeys = queryKeysFactory('users');
export const companyUsersKeys = queryKeysFactory('company-users');

/** What a write answered: the record (if any) and the server's message for the toast. */
/**
 * What happened to an invitation's mail, handed to the mail server while the admin waited: `sent`,
 * `failed` (refused or unreachable: the person is invited all the same), `not_sent` (no mail configured),
 * `skipped` (not asked for).
 */
export type InvitationStatus = 'sent' | 'failed' | 'not_sent' | 'skipped';
export interface CreatedUser {
  user: User;
  invitation: InvitationStatus;
}

// ---- accounts ----

export function useUsers(state: ListState) {
  const query = listQuery(state);
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: async ({ signal }) => unwrapPage(await api.get<User[]>('/api/auth/users', { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useUser(id: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: usersKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await api.get<User>(`/api/auth/users/${id}`, { signal })),
  });
}

/**
 * The status actions an operator may take on a user now (`GET /api/auth/users/{id}/actions`, from the
 * status's transition table). Keyed by the status the screen shows, so a saved change asks again.
 */
export function useUserActions(id: number, status: User['status'] | undefined) {
  return useQuery({
    queryKey: usersKeys.detail(id, 'actions', status),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<UserActions>(`/api/auth/users/${id}/actions`, { signal })),
    enabled: status !== undefined,
  });
}

/** `PUT /api/auth/users/{id}`: a profile (your own) or any user (operators). */
export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdate) =>
      unwrapAnswer(await api.put<User>(`/api/auth/users/${id}`, input)),
    onSuccess: async ({ data: user }) => {
      queryClient.setQueryData(usersKeys.detail(id), user);
      // Your own profile: the session's user changes at once (name, email, alert preferences).
      const me = queryClient.getQueryData<Me>(authKeys.me());
      if (me?.id === id) {
        queryClient.setQueryData<Me>(authKeys.me(), {
          ...me,
          name: user.name,
          email: user.email,
          email_verified_at: user.email_verified_at,
          show_errors: user.show_errors,
          show_warnings: user.show_warnings,
          show_successes: user.show_successes,
        });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: companyUsersKeys.lists() }),
      ]);
    },
  });
}

/** `PUT /api/auth/users/password/{id}`: your own needs current_password; operators set anyone's. */
export function useChangePassword(id: number) {
  return useMutation({
    mutationFn: async (input: { current_password?: string; password: string }) =>
      unwrapAnswer(await api.put<null>(`/api/auth/users/password/${id}`, input)),
  });
}

export interface OperatorUserInput {
  name: string;
  email: string;
  role: User['role'];
  company_id?: number;
  company_role: CompanyRole;
  company_functions: string[];
  send_invitation: boolean;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OperatorUserInput) =>
      unwrapAnswer(await api.post<CreatedUser>('/api/auth/users', input)),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(usersKeys.detail(data.user.id), data.user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: companyUsersKeys.lists() }),
      ]);
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrapAnswer(await api.delete<null>(`/api/auth/users/${id}`)),
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: usersKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: companyUsersKeys.lists() }),
      ]);
    },
  });
}

// ---- the users of the current company ----

export function useCompanyUsers(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: companyUsersKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<CompanyUser[]>(`/api/auth/${company}/users`, { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export interface CompanyUserInput {
  name: string;
  email: string;
  role: CompanyRole;
  company_functions: string[];
  send_invitation: boolean;
}

export function useCreateCompanyUser() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CompanyUserInput) =>
      unwrapAnswer(
        await api.post<CreatedUser>(`/api/auth/${company}/users`, { ...input, company_id: company }),
      ),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companyUsersKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: usersKeys.all }),
      ]);
    },
  });
}

/** `PUT /api/auth/users/roles {email, id: company, role}`; role null removes the user from the company. */
export function useAssignRole() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; role: CompanyRole | null }) =>
      unwrapAnswer(
        await api.put<{ invitation: Exclude<InvitationStatus, 'skipped'> } | null>('/api/auth/users/roles', {
          ...input,
          id: company,
        }),
      ),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companyUsersKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: usersKeys.all }),
        // Your own role may have changed.
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}

/**
 * `DELETE /api/auth/{company}/users/{id}` ("Remove from company"): removes a member or withdraws a pending
 * invitation; the server says which ("Removed from the company." / "Invitation withdrawn.").
 */
export function useRemoveCompanyUser() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) =>
      unwrapAnswer(await api.delete<null>(`/api/auth/${company}/users/${userId}`)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companyUsersKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: usersKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}

export function useSendInvitation() {
  const company = useCompanyId();
  return useMutation({
    mutationFn: async (userId: number) =>
      unwrapAnswer(
        await api.post<{ status: 'sent' | 'not_sent' }>(
          `/api/auth/${company}/users/${userId}/send-invitation-email`,
        ),
      ),
  });
}
