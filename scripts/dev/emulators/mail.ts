/** The local SES (aws-ses-v2-local): GET /store lists sent mail, / is the mail viewer. */
import type { Server } from 'node:http';
import sesLocal from 'aws-ses-v2-local';
import { canListen } from '../stack/ports.js';

export async function startMail(port: number): Promise<{ server: Server; url: string }> {
  // CommonJS default export, seen from ESM either wrapped or not.
  const start = ((sesLocal as unknown as { default?: typeof sesLocal }).default ?? sesLocal) as typeof sesLocal;
  // Its listen has no error handler: a taken port would surface as an uncaught error, not as this start failing.
  if (!(await canListen(port))) throw new Error(`The mail server cannot listen on port ${port}: it is already in use`);
  const server = await start({ host: '127.0.0.1', port });
  return { server, url: `http://localhost:${port}` };
}
