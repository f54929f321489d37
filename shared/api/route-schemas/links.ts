/** What the links area's routes take and give: an e-mail's unsubscribe link and a review's public link (shared/api/routes.ts joins every area's). */
import { unsubscribeInput, unsubscribeOutput } from '../../schemas/users.js';
import { publicReviewInput, publicReviewView } from '../../schemas/public-review.js';
import { checkReceiptInput, checkReceiptView } from '../../schemas/receipt.js';
import type { AreaSchemas } from '../route.js';

export const linksSchemas = {
  unsubscribe: { input: unsubscribeInput, output: unsubscribeOutput },
  getPublicReview: { input: publicReviewInput, output: publicReviewView },
  checkReceipt: { input: checkReceiptInput, output: checkReceiptView },
} as const satisfies AreaSchemas<'links'>;
