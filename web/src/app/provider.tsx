import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ToastProvider } from '@/components/toast';
import { AuthProvider } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { RealtimeConnection } from '@/lib/realtime-provider';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RealtimeConnection />
          <BrowserRouter>
            <ToastProvider>{children}</ToastProvider>
          </BrowserRouter>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
