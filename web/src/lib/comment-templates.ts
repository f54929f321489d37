/**
 * A reviewer's comment templates, shared by the dashboard (where they are managed) and the comment box
 * (where one is inserted): one cached list, changed in place by each save.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TemplateView } from '@shared/schemas/templates';
import { api } from './api';

export const templatesQueryKey = ['comment-templates'] as const;

export const useTemplates = (enabled = true) =>
  useQuery({ queryKey: templatesQueryKey, queryFn: async () => (await api('listTemplates')).templates, enabled });

function useTemplateChange<I>(
  write: (input: I) => Promise<unknown>,
  apply: (list: TemplateView[], input: I, out: unknown) => TemplateView[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (out, input) => client.setQueryData<TemplateView[]>(templatesQueryKey, (list) => apply(list ?? [], input, out)),
    // Refused because another tab changed them meanwhile, say: show what is stored.
    onError: () => void client.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}

export const useCreateTemplate = () =>
  useTemplateChange(
    (input: { title: string; text: string }) => api('createTemplate', input),
    (list, _input, out) => [...list, out as TemplateView],
  );

export const useUpdateTemplate = () =>
  useTemplateChange(
    (input: { id: string; title: string; text: string }) => api('updateTemplate', input),
    (list, _input, out) => list.map((t) => (t.id === (out as TemplateView).id ? (out as TemplateView) : t)),
  );

export const useDeleteTemplate = () =>
  useTemplateChange(
    (id: string) => api('deleteTemplate', { id }),
    (list, id) => list.filter((t) => t.id !== id),
  );
