/** SES v2 (e-mail); locally aws-ses-v2-local. */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config.js';
import { base, lazy } from './options.js';
import { traced } from '../observability.js';

export const ses = lazy(() => traced(new SESv2Client(base(config.endpoint('sesEndpoint')))));
