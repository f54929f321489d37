import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

/** Each month's money, newest first, and the reports waiting. */
export function useBooks(months = 6) {
  return useQuery({ queryKey: ['books', months], queryFn: () => api('getBooks', { months }) });
}

/** The ledger between two days as CSV, saved by the browser. */
export function useLedgerExport() {
  return useMutation({
    mutationFn: (range: { from: string; to: string }) => api('exportLedger', range),
    onSuccess: ({ filename, csv }) => saveFile(filename, csv, 'text/csv;charset=utf-8'),
  });
}
