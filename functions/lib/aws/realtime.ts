/** Posts to WebSocket connections; locally the gateway in scripts/dev answers the same API. */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from '../config.js';
import { lazy, localCredentials } from './options.js';
import { traced } from '../observability.js';

export const realtimeApi = lazy(() =>
  traced(
    new ApiGatewayManagementApiClient({
      region: config.region,
      endpoint: config.realtimeEndpoint,
      ...(config.isLocal ? { credentials: localCredentials } : {}),
    }),
  ),
);
