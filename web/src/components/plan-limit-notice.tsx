import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/** A 409 plan_limit answer: the user has used what their plan allows (its message names the plan that lifts it). */
export const isPlanLimit = (err: unknown): err is ApiError => err instanceof ApiError && err.code === 'plan_limit';

/** A plan limit's message and where to change plan. */
export function PlanLimitNotice({ message }: { message: string }) {
  return (
    <>
      {message}{' '}
      <Link className="link" to={paths.settings} data-testid="see-plans">
        See plans
      </Link>
    </>
  );
}
