/** Users as others find them: search, Choose Your Pro and the 'More about' popover. */
import * as z from 'zod/mini';
import { cursorField, textField } from './common.js';
import { userView } from './users.js';

/** A user as others see them in search, Choose Your Pro and share views. */
export const userCard = z.pick(userView, {
  id: true,
  fullName: true,
  username: true,
  type: true,
  bio: true,
  genres: true,
  feedbackPriceCents: true,
  profileImage: true,
  availability: true,
  responseTime: true,
  keyCredits: true,
  featuredTrack: true,
  socialMedia: true,
  website: true,
});
export type UserCard = z.infer<typeof userCard>;

export const searchUsersInput = z.strictObject({
  q: textField().check(z.minLength(2, 'Type at least 2 characters'), z.maxLength(100, 'The search is too long')),
  excludeIds: z.optional(z.string().check(z.maxLength(2000))),
  type: z.optional(z.enum(['musician', 'pro'])),
});
export const listProsInput = z.strictObject({ cursor: cursorField });
export const userCardList = z.object({ users: z.array(userCard) });
/** Pros by name, a page at a time ('Load more' follows `next`). */
export const proPage = z.object({ users: z.array(userCard), next: z.nullable(z.string()) });
