/** Sends the product's e-mails through SES (locally the same API, served by the local SES). */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from '../lib/aws/ses.js';
import { config } from '../lib/config.js';
import { count } from '../lib/observability.js';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Headers besides SES's own (List-Unsubscribe). */
  headers?: { name: string; value: string }[];
}

export async function sendMail(mail: Mail): Promise<void> {
  try {
    await ses().send(
      new SendEmailCommand({
        FromEmailAddress: config.mailFrom,
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject },
            Body: { Html: { Data: mail.html }, Text: { Data: mail.text } },
            ...(mail.headers?.length ? { Headers: mail.headers.map((h) => ({ Name: h.name, Value: h.value })) } : {}),
          },
        },
      }),
    );
  } catch (err) {
    count('EmailsFailed');
    throw err;
  }
  count('EmailsSent');
}
