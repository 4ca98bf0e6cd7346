/**
 * Data hooks of the template screens. One set for both scopes: a company's templates
 * (`/api/{company}/rentloopdb/templates`, its own texts over the defaults) and the operators' defaults
 * (`/api/rentloopdb/templates`).
 */
import type { TemplateLanguage } from '@rentloop/domain/enums';
import type {
  Template,
  TemplateContent,
  TemplateKindSummary,
  TemplatePreview,
} from '@rentloop/domain/templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapAnswer } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCurrentCompany } from '../../app/current-company.tsx';

export type TemplateScope = 'company' | 'default';
export const templatesKeys = queryKeysFactory('templates');

/** The API base of a scope; null while a company screen has no company yet. */
export function useTemplatesBase(scope: TemplateScope): string | null {
  const companyId = useCurrentCompany().company?.id ?? null;
  if (scope === 'default') return '/api/rentloopdb/templates';
  return companyId === null ? null : `/api/${companyId}/rentloopdb/templates`;
}

export function useTemplateKinds(scope: TemplateScope) {
  const base = useTemplatesBase(scope);
  return useQuery({
    queryKey: templatesKeys.list(base ?? 'none'),
    enabled: base !== null,
    queryFn: async ({ signal }) => unwrap(await api.get<TemplateKindSummary[]>(base!, { signal })),
  });
}

export function useTemplate(scope: TemplateScope, id: string, lang: TemplateLanguage) {
  const base = useTemplatesBase(scope);
  return useQuery({
    queryKey: templatesKeys.detail(`${base}/${id}/${lang}`),
    enabled: base !== null,
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Template>(`${base}/${id}/locales/${lang}`, { signal })),
  });
}

interface Saved {
  template: Template | null;
  message: string;
}

function useTemplateMutation<V>(
  scope: TemplateScope,
  call: (base: string, input: V) => ReturnType<typeof api.put<Template>>,
) {
  const base = useTemplatesBase(scope);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: V): Promise<Saved> => {
      const result = unwrapAnswer(await call(base!, input));
      return { template: result.data ?? null, message: result.message };
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}

export const useSaveTemplate = (scope: TemplateScope, id: string, lang: TemplateLanguage) =>
  useTemplateMutation(scope, (base, content: TemplateContent) =>
    api.put<Template>(`${base}/${id}/locales/${lang}`, content),
  );

/** Company: delete its own text (the default applies again). Defaults: restore the shipped text. */
export const useResetTemplate = (scope: TemplateScope, id: string, lang: TemplateLanguage) =>
  useTemplateMutation(scope, (base, _: undefined) => api.delete<Template>(`${base}/${id}/locales/${lang}`));

export function usePreviewTemplate(scope: TemplateScope, id: string) {
  const base = useTemplatesBase(scope);
  return useMutation({
    mutationFn: async (input: TemplateContent & { lang: TemplateLanguage; record_id?: number }) =>
      unwrap(await api.post<TemplatePreview>(`${base}/${id}/preview`, input)),
  });
}
