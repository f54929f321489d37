import { Fragment, type ReactNode } from 'react';

/**
 * An address cut before each '.', '-', '@', '+' and '_': the only places it may break across lines. A
 * line then never ends in a hyphen, which would read as a word hyphenated by the layout, and what follows
 * a break starts with its separator ("-pro@example.test"), so the break is seen as part of the address.
 */
export function emailParts(email: string): string[] {
  return email.split(/(?=[.\-@+_])/).filter((p) => p !== '');
}

/**
 * An e-mail address as one unit: it moves to the next line whole when it fits there, and when it is
 * longer than a line it breaks only before a separator (see emailParts). Its text is the address as it
 * is, for copying and for screen readers. `before` and `after` (brackets, a full stop) stay attached.
 */
export function EmailAddress({
  email,
  strong = false,
  before,
  after,
  className,
  testId,
}: {
  email: string;
  /** Bold, with the test id on the bold address itself. */
  strong?: boolean;
  before?: ReactNode;
  after?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const parts = emailParts(email).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      <span className="email-address-part">{part}</span>
    </Fragment>
  ));
  return (
    <span className={`email-address${className ? ` ${className}` : ''}`} data-testid={strong ? undefined : testId}>
      {before}
      {strong ? <strong data-testid={testId}>{parts}</strong> : parts}
      {after}
    </span>
  );
}
