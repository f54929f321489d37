/**
 * HTTP handler of the links area: what anyone holding a link opens without signing in, an e-mail's
 * one-click unsubscribe and a review's public page. Apart from the signed-in areas, so that its function
 * reaches only the partitions these need (infra/table-grants.ts).
 */
import { unsubscribe } from '../people/index.js';
import { checkReceipt, publicReview } from '../feedback/index.js';
import { areaHandler } from './area-handler.js';
import { linksSchemas } from '../../shared/api/route-schemas/links.js';

export const handler = areaHandler('links', linksSchemas, {
  unsubscribe: async ({ input, event }) => unsubscribe(input, event.requestContext.http.sourceIp),
  getPublicReview: async ({ input, event }) => publicReview(input.token, event.requestContext.http.sourceIp),
  checkReceipt: async ({ input, event }) => checkReceipt(input, event.requestContext.http.sourceIp),
});
