/**
 * AWS SDK clients, created once per container on first use. In local mode they point at the emulators
 * whose endpoints scripts/dev puts in the environment.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from './config.js';

const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function base(endpoint: string | undefined) {
  return endpoint
    ? { region: config.region, endpoint, credentials: localCredentials }
    : { region: config.region };
}

export const dynamo = lazy(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient(base(config.endpoint('dynamoEndpoint'))), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);

export const cognito = lazy(() => new CognitoIdentityProviderClient(base(config.endpoint('cognitoEndpoint'))));

export const s3 = lazy(() => {
  const endpoint = config.endpoint('s3Endpoint');
  return new S3Client({
    ...base(endpoint),
    ...(endpoint
      ? { forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }
      : {}),
    // Without this, streamed uploads reach s3rver with aws-chunked framing stored in the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
});

export const ses = lazy(() => new SESv2Client(base(config.endpoint('sesEndpoint'))));

/** Posts to WebSocket connections; locally the gateway in scripts/dev answers the same API. */
export const realtimeApi = lazy(
  () =>
    new ApiGatewayManagementApiClient({
      region: config.region,
      endpoint: config.realtimeEndpoint,
      ...(config.isLocal ? { credentials: localCredentials } : {}),
    }),
);
