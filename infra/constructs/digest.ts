import type { Construct } from 'constructs';
import type { Data } from './data.js';
import type { LambdaCodeMode } from './function.js';
import type { Mail } from './mail.js';
import { MinuteJob } from './minute-job.js';

export interface CommentDigestProps {
  readonly data: Data;
  readonly mail: Mail;
  /** STAGE, TABLE_NAME, APP_URL (the e-mails' link), MAIL_FROM. */
  readonly environment: Record<string, string>;
  readonly codeMode: LambdaCodeMode;
}

/**
 * Comment e-mails as digests: functions/jobs/comment-digest.ts runs every minute and sends the digests that
 * are due (functions/domain/notifications.ts), reading due digests, their shares and recipients.
 */
export class CommentDigest extends MinuteJob {
  constructor(scope: Construct, id: string, props: CommentDigestProps) {
    super(scope, id, {
      ...props,
      entry: 'functions/jobs/comment-digest.ts',
      description: 'Comment digests: e-mails the comments of each burst once it has gone quiet (every minute)',
      schedule: 'Runs the comment digest job every minute',
    });
  }
}
