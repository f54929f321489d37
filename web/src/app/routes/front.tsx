import { useNavigate } from 'react-router-dom';
import { FrontPage } from '@/guest/front-page';

/**
 * The front page inside the app, for a visitor whose stored session had ended or who just signed out: its
 * links move within the router (the link has already put its address in the history).
 */
export function FrontRoute() {
  const navigate = useNavigate();
  return <FrontPage bootApp={async () => void navigate(`${window.location.pathname}${window.location.search}`, { replace: true })} />;
}
