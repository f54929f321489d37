import { createContext, useContext, type ReactNode } from 'react';

export interface AuthLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
}

/**
 * The links between the auth screens, without React Router: the app provides its router's Link
 * (app/provider.tsx), the guest sign-in page its own (guest/login-page.tsx); a plain link otherwise.
 */
export const AuthLinkContext = createContext<(props: AuthLinkProps) => ReactNode>(({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
));

export function AuthLink(props: AuthLinkProps) {
  const Impl = useContext(AuthLinkContext);
  return <Impl {...props} />;
}

/** The line under an auth form: a question, and the link to the screen that answers it. */
export function AuthFooter({ question, to, children }: { question?: string; to: string; children: ReactNode }) {
  return (
    <p className="form-footer">
      {question && <>{question} </>}
      <AuthLink to={to} className="link">
        {children}
      </AuthLink>
    </p>
  );
}
