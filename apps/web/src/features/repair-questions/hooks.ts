/**
 * Data hooks of the repair questionnaire (`GET`, `POST /api/{company}/rentloopdb/repairs-questions`):
 * one questionnaire per company, saved whole. Failures read as the spec's texts (spec 02 §8):
 * "Could not fetch data: ..." and "Could not save data: ..." with the server's message.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { RepairQuestionnaire, RepairQuestionnaireInput } from '@rentloop/domain/repair-questions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiResult, api, paths, unwrapAnswer } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';

export const repairQuestionsKeys = queryKeysFactory('repair-questions');

const path = (company: number) => paths.company(company, 'repairs-questions');

/** A failed call as an ApiError whose message is the spec's text around the server's (its 422 errors kept). */
function failed<T>(result: ApiResult<T>, text: (message: string) => string): ApiError {
  return new ApiError({ ...result, message: text(result.message || MESSAGES.requestNotSuccessful) });
}

export function useRepairQuestions() {
  const company = useCompanyId();
  return useQuery({
    queryKey: repairQuestionsKeys.detail(company),
    queryFn: async ({ signal }) => {
      const result = await api.get<RepairQuestionnaire>(path(company), { signal });
      if (!result.success) throw failed(result, MESSAGES.questionnaireFetchFailed);
      return result.data as RepairQuestionnaire;
    },
  });
}

export interface SaveQuestionnaire {
  pages: RepairQuestionnaireInput['pages'];
  /** The version the editor started from (null: the default). */
  version: number | null;
  /** One per save: a repeat after a lost answer gets the first answer. */
  idempotencyKey: string;
}

export function useSaveRepairQuestions() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: SaveQuestionnaire) => {
      const result = await api.post<RepairQuestionnaire>(path(company), body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      if (!result.success) throw failed(result, MESSAGES.questionnaireSaveFailed);
      return unwrapAnswer(result);
    },
    onSuccess: ({ data }) => {
      queryClient.setQueryData(repairQuestionsKeys.detail(company), data);
    },
  });
}
