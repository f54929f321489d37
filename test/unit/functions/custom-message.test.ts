import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { handler } from '../../../functions/triggers/custom-message.js';

const event = (triggerSource: string, attrs: Record<string, string>) =>
  ({
    triggerSource,
    request: { userAttributes: attrs, codeParameter: '{####}', usernameParameter: '{username}' },
    response: { emailMessage: null, emailSubject: null, smsMessage: null },
  }) as unknown as CustomMessageTriggerEvent;

beforeAll(() => {
  process.env.APP_URL = 'https://app.example.com';
});

describe('CustomMessage trigger', () => {
  it('links the confirmation e-mail to /email-confirmation with email, name and the code placeholder', async () => {
    const out = await handler(event('CustomMessage_SignUp', { email: 'a+b@x.io', name: 'Zoë <Z>' }));
    expect(out.response.emailSubject).toBe('Confirm your e-mail address');
    expect(out.response.emailMessage).toContain(
      'href="https://app.example.com/email-confirmation?email=a%2Bb%40x.io&name=Zo%C3%AB%20%3CZ%3E&code={####}"',
    );
    expect(out.response.emailMessage).toContain('Hi Zoë &lt;Z&gt;');
  });

  it('uses the same wording when the code is resent', async () => {
    const out = await handler(event('CustomMessage_ResendCode', { email: 'a@x.io', name: 'A' }));
    expect(out.response.emailSubject).toBe('Confirm your e-mail address');
  });

  it('links the reset e-mail to /reset-password', async () => {
    const out = await handler(event('CustomMessage_ForgotPassword', { email: 'a@x.io', name: 'A' }));
    expect(out.response.emailSubject).toBe('Reset your password');
    expect(out.response.emailMessage).toContain('https://app.example.com/reset-password?email=a%40x.io&code={####}');
  });

  it("words a new address's code, naming the address, with a link to the account page", async () => {
    const out = await handler(event('CustomMessage_UpdateUserAttribute', { email: 'new@x.io', name: 'A' }));
    expect(out.response.emailSubject).toBe('Confirm your new e-mail address');
    expect(out.response.emailMessage).toContain('make new@x.io the address you sign in with');
    expect(out.response.emailMessage).toContain('href="https://app.example.com/account"');
    expect(out.response.emailMessage).toContain('{####}');
  });

  it('leaves other messages to Cognito', async () => {
    const out = await handler(event('CustomMessage_AdminCreateUser', { email: 'a@x.io' }));
    expect(out.response.emailMessage).toBeNull();
  });
});
