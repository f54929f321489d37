/** HTTP handler of the health area: the public health check. */
import { checkHealth } from '../platform/index.js';
import { areaHandler } from './area-handler.js';
import { healthSchemas } from '../../shared/api/route-schemas/health.js';

export const handler = areaHandler('health', healthSchemas, {
  health: async () => checkHealth(),
});
