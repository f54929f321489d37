// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailAddress, emailParts } from '../../../web/src/components/email-address';

afterEach(cleanup);

describe('an e-mail address on screen', () => {
  it('may break only before its separators, so no line ends in a hyphen', () => {
    expect(emailParts('admin-pro-45140fb7@example.test')).toEqual(['admin', '-pro', '-45140fb7', '@example', '.test']);
    expect(emailParts('first.last+tag_x@mail.example.co.uk')).toEqual(['first', '.last', '+tag', '_x', '@mail', '.example', '.co', '.uk']);
    expect(emailParts('plain')).toEqual(['plain']);
  });

  it('reads as the address itself, with what is attached to it', () => {
    render(
      <p data-testid="line">
        Impersonating: Mia <EmailAddress email="mia-m@example.test" before="(" after=")" testId="email" />
      </p>,
    );
    expect(screen.getByTestId('line').textContent).toBe('Impersonating: Mia (mia-m@example.test)');
    const email = screen.getByTestId('email');
    expect(email.querySelectorAll('wbr')).toHaveLength(3);
    expect([...email.querySelectorAll('.email-address-part')].map((p) => p.textContent)).toEqual(['mia', '-m', '@example', '.test']);
  });

  it('puts the test id on the bold address when it is bold', () => {
    render(<EmailAddress email="a-b@example.test" strong after="." testId="address" />);
    const strong = screen.getByTestId('address');
    expect(strong.tagName).toBe('STRONG');
    expect(strong.textContent).toBe('a-b@example.test');
    expect(strong.parentElement!.textContent).toBe('a-b@example.test.');
  });
});
