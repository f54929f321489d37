import { useState } from 'react';
import { useBusy } from '@/hooks/use-busy';
import { resendConfirmation } from '@/features/auth/api/auth-service';

/**
 * What the e-mail confirmation screens say (an error or a success, one at a time), and their 'Resend
 * confirmation email'.
 */
export function useConfirmationMessages() {
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [resending, run] = useBusy();

  const clear = () => {
    setError(undefined);
    setSuccess(undefined);
  };

  const resend = (email: string) => {
    clear();
    return run(
      async () => {
        await resendConfirmation(email);
        setSuccess('Confirmation email resent successfully');
      },
      setError,
      'Failed to resend confirmation email',
    );
  };

  return { error, setError, success, setSuccess, clear, resending, resend };
}
