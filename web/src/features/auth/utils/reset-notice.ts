import { paths } from '@/lib/paths';

const RESET_PARAM = 'reset';
const RESET_DONE = 'done';

/** Where a completed password reset leads: login, with the e-mail filled in and word that the password changed. */
export const loginAfterReset = (email: string) => `${paths.login}?${new URLSearchParams({ email, [RESET_PARAM]: RESET_DONE })}`;

/** Whether the login page was reached from a completed password reset. */
export const cameFromReset = (search: URLSearchParams) => search.get(RESET_PARAM) === RESET_DONE;
