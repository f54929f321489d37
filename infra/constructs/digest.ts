import type { Construct } from 'constructs';
import { MinuteJob, type MinuteJobProps } from './minute-job.js';

/** STAGE, TABLE_NAME, APP_URL (the e-mails' link), API_URL (their one-click unsubscribe), MAIL_FROM in `environment`. */
export type CommentDigestProps = Omit<MinuteJobProps, 'entry' | 'description' | 'schedule'>;

/**
 * Comment e-mails as digests: functions/jobs/comment-digest.ts runs every minute and sends the digests that
 * are due (functions/platform/notifications.ts), reading due digests, their shares and recipients.
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
