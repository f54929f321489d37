import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter, Link } from 'react-router-dom';
import { AuthLinkContext, type AuthLinkProps } from '@/features/auth/components/auth-link';
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
            <AuthLinkContext.Provider value={RouterLink}>
              <ToastProvider>{children}</ToastProvider>
            </AuthLinkContext.Provider>
          </BrowserRouter>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

/** The auth screens' links, through the router. */
function RouterLink({ to, className, children }: AuthLinkProps) {
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
