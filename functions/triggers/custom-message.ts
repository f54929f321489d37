/** Cognito CustomMessage trigger: words the confirmation, reset and new-address e-mails with links into the app. */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { confirmationEmail, emailChangeEmail, resetPasswordEmail } from '../people/index.js';
import { config } from '../lib/config.js';

export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const { email = '', name = '' } = event.request.userAttributes;
  const code = event.request.codeParameter;
  const compose =
    event.triggerSource === 'CustomMessage_SignUp' || event.triggerSource === 'CustomMessage_ResendCode'
      ? confirmationEmail
      : event.triggerSource === 'CustomMessage_ForgotPassword'
        ? resetPasswordEmail
        : event.triggerSource === 'CustomMessage_UpdateUserAttribute'
          ? emailChangeEmail
          : null;
  if (compose) {
    const message = compose(config.appUrl, email, name, code);
    event.response.emailSubject = message.subject;
    event.response.emailMessage = message.html;
  }
  return event;
}
