import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { paths } from '@/lib/paths';

/**
 * 'Back to Login', under a form or a message of the sign-in's side screens (which have the router: the
 * sign-in form itself loads without it).
 */
export function BackToLogin() {
  const navigate = useNavigate();
  return (
    <Button variant="ghost" block onClick={() => navigate(paths.login)}>
      Back to Login
    </Button>
  );
}
