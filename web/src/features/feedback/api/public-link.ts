import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

const publicLinkKey = (shareId: string) => ['public-link', shareId] as const;

/** A completed review's read-only link, read when its dialog opens. */
export function usePublicLink(shareId: string, enabled: boolean) {
  return useQuery({ queryKey: publicLinkKey(shareId), queryFn: async () => (await api('getPublicLink', { id: shareId })).link, enabled });
}

export function useMakePublicLink(shareId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('makePublicLink', { id: shareId }),
    onSuccess: (link) => client.setQueryData(publicLinkKey(shareId), link),
  });
}

export function useRevokePublicLink(shareId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('revokePublicLink', { id: shareId }),
    onSuccess: () => client.setQueryData(publicLinkKey(shareId), null),
  });
}
