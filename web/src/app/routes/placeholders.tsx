/** Every page has its content now; the profile page, which started here, is in ./profile. */
export { ProfileRoute } from './profile';
