import { ApiError } from './api-client';

/**
 * The call, with a refusal for want of a signed-in user (401 'unauthorized') said in `message`: the words
 * the spec gives that action. The server says them too, but in AWS API Gateway's authorizer answers a call
 * without a token before the server sees it. An ended impersonation keeps its own words.
 */
export async function saidIfSignedOut<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && err.code === 'unauthorized' && err.message !== message) {
      throw new ApiError(401, err.code, message, err.fields, err.details, err.correlationId);
    }
    throw err;
  }
}
