import { createContext, useContext, type HTMLAttributes } from 'react';

/**
 * The level of the headings inside a request (Ratings, Timeline comments, ...): one below its title, which
 * is an h3 in a list and the h2 of the request's own page.
 */
export const BlockLevel = createContext<'h3' | 'h4'>('h4');

/** A heading of a block inside a request, at the level its request's title leaves for it. */
export function BlockTitle(props: HTMLAttributes<HTMLHeadingElement>) {
  const Heading = useContext(BlockLevel);
  return <Heading className="block-title" {...props} />;
}
