/** `npm start`: the whole product locally, with demo data. Ctrl-C stops every part cleanly. */
import { DEMO_PASSWORD, DEMO_USERS } from '../../seed/demo-users.js';
import { formatPrice } from '../../../shared/money.js';
import { JavaMissingError } from '../emulators/dynamodb.js';
import { assertPortsFree, portsFromEnv, PortInUseError } from './ports.js';
import { startStack } from './stack.js';
import { FAULT_KINDS } from '../faults/fault-proxy.js';

/**
 * One request's stray promise must never stop every service: a rejection nobody awaited is reported
 * and the stack keeps serving (the gateway already turns a handler's own failure into a 500).
 */
function containStrayFailures() {
  process.on('unhandledRejection', (reason) => console.error('[local stack] contained an unhandled rejection:', reason));
}

async function main() {
  containStrayFailures();
  const ports = portsFromEnv();
  await assertPortsFree(ports);
  const stack = await startStack({
    ports,
    dataDir: process.env.DATA_DIR ?? '.data',
    web: process.env.WEB_MODE === 'static' ? 'static' : 'dev',
    seed: true,
    faults: process.env.FAULTS === '1',
    log: (l) => console.log(l),
  });

  // Before 'Press Ctrl-C': a Ctrl-C that follows the banner at once must find the handler in place.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  console.log(`
  The product is running locally.

  App:          ${stack.appUrl}
  Mail viewer:  ${stack.mailUrl}
  Logs:         ${stack.logsUrl} (the functions' logs and metrics, and the browser's error reports; each error is also said here)
  API:          ${stack.apiUrl} (health: ${stack.apiUrl}/health answered ok)
  PayPal:       ${stack.paypalUrl} (approval page: 'Approve'; 'Approve with a declined card' to see a decline)
  Stripe:       ${stack.stripeUrl} (Checkout: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)

${
  stack.faultProxies
    ? `  Fault proxies (FAULTS=1; POST {"kind", "at": 0} to arm one, kind one of ${FAULT_KINDS.join(', ')}):
${Object.entries(stack.faultProxies)
  .map(([service, url]) => `    ${service.padEnd(9)} ${url}/_faults`)
  .join('\n')}
`
    : ''
}
  Demo accounts (password: ${DEMO_PASSWORD}):
${DEMO_USERS.map((u) => `    ${u.email.padEnd(width)}  ${u.fullName}${u.admin ? ' (admin: sign in at /admin/login)' : ` (${u.type}${u.feedbackPriceCents ? `, ${formatPrice(u.feedbackPriceCents)} per feedback` : ''})`}`).join('\n')}
${DEMO_USERS.filter((u) => u.totpSecret)
  .map(
    (u) => `
  ${u.email} signs in with two-factor authentication. Its authenticator key (the same on every machine):
    ${u.totpSecret}
  Scan the QR code shown at its first sign-in, or type the key into any authenticator app.`,
  )
  .join('\n')}

  Press Ctrl-C to stop.
`);
}

main().catch((err) => {
  if (err instanceof PortInUseError || err instanceof JavaMissingError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
