/**
 * A request's reference tracks (functions/tracks/references.ts): listed with the mix's differences from each,
 * attached by the musician (a ticket, then the file straight to storage), removed, and played by link.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUDIO_FILE_ERROR, REFERENCES } from '@shared/constants';
import type { ReferencesView } from '@shared/schemas/references';
import { api } from '@/lib/api';
import { audioContentType } from '@/lib/audio-file';
import { useIntentKey } from '@/lib/intent-key';
import { postToStorage, type UploadProgress } from '@/lib/storage-upload';

export const referencesKey = (shareId: string) => ['references', shareId] as const;

/** How often the list is read again while a reference is being uploaded or processed. */
const PROCESSING_POLL_MS = 2000;

export function useReferences(shareId: string) {
  return useQuery({
    queryKey: referencesKey(shareId),
    queryFn: () => api('listReferences', { id: shareId }),
    refetchInterval: (query) =>
      query.state.data?.references.some((r) => r.status === 'uploading' || r.status === 'processing') ? PROCESSING_POLL_MS : false,
  });
}

/** What is wrong with a file as a reference, or null. */
export function referenceFileProblem(file: File): string | null {
  if (!audioContentType(file)) return AUDIO_FILE_ERROR;
  if (file.size > REFERENCES.maxBytes) return 'A reference track must be at most 100 MB.';
  if (file.size === 0) return 'The file is empty.';
  return null;
}

export function useAddReference(shareId: string, onProgress: (p: UploadProgress | null) => void) {
  const client = useQueryClient();
  // The same file added again after an error (a lost answer, a failed upload) takes the place its first try took.
  const intent = useIntentKey();
  return useMutation({
    mutationFn: async (file: File) => {
      const problem = referenceFileProblem(file);
      if (problem) throw new Error(problem);
      const request = { id: shareId, filename: file.name, contentType: audioContentType(file)!, size: file.size };
      const idempotencyKey = intent.keyFor({ ...request, lastModified: file.lastModified });
      const ticket = await api('createReference', { ...request, idempotencyKey });
      // The place is taken: the list shows it uploading while the file goes.
      void client.invalidateQueries({ queryKey: referencesKey(shareId) });
      try {
        await postToStorage(ticket.upload, file, { filename: file.name, onProgress });
      } catch (err) {
        // The file never arrived: its place is given back at once rather than when the ticket ends.
        await api('deleteReference', { id: shareId, referenceId: ticket.reference.id }).catch(() => {});
        throw err;
      } finally {
        onProgress(null);
      }
      intent.done(idempotencyKey);
      return ticket.reference;
    },
    onSettled: () => client.invalidateQueries({ queryKey: referencesKey(shareId) }),
  });
}

export function useRemoveReference(shareId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (referenceId: string) => api('deleteReference', { id: shareId, referenceId }),
    onSuccess: ({ deleted }) =>
      client.setQueryData<ReferencesView>(referencesKey(shareId), (view) =>
        view ? { ...view, references: view.references.filter((r) => r.id !== deleted) } : view,
      ),
  });
}

export async function referenceAudioUrl(shareId: string, referenceId: string): Promise<string> {
  return (await api('getReferenceUrl', { id: shareId, referenceId })).signedUrl;
}
