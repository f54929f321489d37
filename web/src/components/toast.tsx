import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { CheckIcon, CloseIcon } from './icons';

/** How long a notice stays before it goes by itself. */
const TOAST_MS = 6000;

type Show = (message: string) => void;
const ToastContext = createContext<Show>(() => {});

/**
 * Short notices about something that finished out of sight: the part of the page that did it has
 * moved on (a submitted review leaves the list it was in). Read out by screen readers as it appears.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<{ text: string; key: number } | null>(null);
  const show = useCallback<Show>((text) => setMessage({ text, key: Date.now() }), []);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {message && (
          <div className="toast" key={message.key} data-testid="toast">
            <CheckIcon width={18} height={18} aria-hidden="true" />
            <span>{message.text}</span>
            <button type="button" className="icon-button toast-close" aria-label="Dismiss" onClick={() => setMessage(null)}>
              <CloseIcon width={16} height={16} />
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
