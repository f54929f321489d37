/** The DynamoDB document client (the topics' data/ modules are its only users). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { base, lazy } from './options.js';
import { traced } from '../observability.js';

export const dynamo = lazy(() =>
  DynamoDBDocumentClient.from(
    traced(
      new DynamoDBClient({
        ...base(config.endpoint('dynamoEndpoint')),
        requestHandler: { connectionTimeout: 3_000, requestTimeout: config.dynamoTimeoutMs, throwOnRequestTimeout: true },
      }),
    ),
    {
      marshallOptions: { removeUndefinedValues: true },
    },
  ),
);
