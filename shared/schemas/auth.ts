import * as z from 'zod/mini';
import { MIN_PASSWORD_LENGTH } from '../constants.js';
import { emailField, textField } from './common.js';

/** Form schemas of the authentication screens, with the spec's exact messages. */
export const passwordField = z
  .string()
  .check(
    z.minLength(1, 'Password is required'),
    z.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
    z.maxLength(256, 'Password is too long'),
  );

export const loginForm = z.object({ email: emailField, password: passwordField });
export type LoginForm = z.infer<typeof loginForm>;

export const signUpForm = z.object({
  fullName: textField().check(z.minLength(1, 'Full name is required'), z.maxLength(100, 'Full name is too long')),
  email: emailField,
  password: passwordField,
});
export type SignUpForm = z.infer<typeof signUpForm>;

export const resetPasswordForm = z
  .object({
    code: z.string().check(z.trim(), z.minLength(1, 'Code is required')),
    password: passwordField,
    confirmPassword: z.string(),
  })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] }));
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export { fieldErrors } from '../field-errors.js';

/** The account page's password change: the current password proves it is the owner at the keyboard. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().check(z.minLength(1, 'Current password is required')),
    password: passwordField,
    confirmPassword: z.string(),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] }),
    z.refine((v) => v.password !== v.currentPassword, { message: 'Choose a password other than your current one', path: ['password'] }),
  );
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
