/** SQS: the processing function putting an upload back on its queue; locally the processing emulator's queue. */
import { SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config.js';
import { base, lazy } from './options.js';
import { traced } from '../observability.js';

export const sqs = lazy(() => traced(new SQSClient(base(config.endpoint('sqsEndpoint')))));
