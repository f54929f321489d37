/** Amplify's sign-out (its token revocation and OAuth helpers), loaded only when someone signs out. */
export { signOut } from 'aws-amplify/auth';
