/**
 * cognito-local, run in-process so that its gaps are filled with our own code:
 * - its CustomMessage trigger calls our real trigger handler (functions/triggers/custom-message.ts),
 * - its messages go out through the local SES, so every e-mail lands in the mail viewer,
 * - ResendConfirmationCode, which it lacks, and the pool's password length, which it does not check,
 * - one sign-in error for an unknown e-mail and a wrong password, as the pool's settings give in AWS,
 * - TOTP MFA as Cognito enforces it (cognito-mfa.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Server } from 'node:http';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DEMO_USERS } from '../../seed/demo-users.js';
import { localMfa, type Target, type Wrapper } from './cognito-mfa.js';
import { waitForPort } from '../stack/ports.js';
import { PoolStoreFactory } from './cognito-store.js';

const require = createRequire(import.meta.url);
const lib = (p: string) => require(`cognito-local/lib/${p}`);

type Handler = (event: unknown) => Promise<unknown>;

interface Options {
  port: number;
  dataDir: string;
  /** Whether the pool is written to dataDir to outlive the process (cognito-store.ts); false keeps it in memory. */
  keepData: boolean;
  mailFrom: string;
  sesEndpoint: string;
  triggers: { CustomMessage?: Handler; PostConfirmation?: Handler };
  /** Accounts (by e-mail) whose authenticator key is fixed; by default the demo admin's (scripts/seed/demo-users.ts). */
  totpSecrets?: Record<string, string>;
}

/** Stands in for the AWS Lambda client that cognito-local would use to invoke triggers. */
function inProcessLambda(triggers: Options['triggers']) {
  return {
    invoke({ FunctionName, Payload }: { FunctionName: keyof Options['triggers']; Payload: string }) {
      return {
        promise: async () => {
          const fn = triggers[FunctionName];
          if (!fn) return { StatusCode: 404, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage: 'unknown trigger' }) };
          try {
            return { StatusCode: 200, Payload: JSON.stringify(await fn(JSON.parse(Payload))) };
          } catch (err) {
            return { StatusCode: 200, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage: (err as Error).message }) };
          }
        },
      };
    },
  };
}

function sesSender(ses: SESv2Client, from: string) {
  const send = async (_ctx: unknown, _user: unknown, destination: string, message: Record<string, string>) => {
    const code = message.__code;
    // Cognito replaces every {####}; cognito-local only the first one.
    const html = (message.emailMessage ?? `Your code is ${code}`).replaceAll('{####}', code);
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [destination] },
        Content: { Simple: { Subject: { Data: message.emailSubject ?? 'Your verification code' }, Body: { Html: { Data: html } } } },
      }),
    );
  };
  return { sendEmail: send, sendSms: send };
}

/**
 * ResendConfirmationCode, which cognito-local lacks: a new code for an unconfirmed account, delivered
 * through the same message trigger and mail as at sign-up, with Cognito's answers.
 */
function resendConfirmationCode(services: any) {
  const { UserNotFoundError, InvalidParameterError } = lib('errors');
  const { selectAppropriateDeliveryMethod } = lib('services/messageDelivery/deliveryMethod');
  return async (ctx: unknown, req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> }) => {
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const delivery = selectAppropriateDeliveryMethod(userPool.options.AutoVerifiedAttributes ?? [], user);
    if (!delivery) throw new InvalidParameterError('User has no attribute matching desired auto verified attributes');
    const code = services.otp();
    await services.messages.deliver(ctx, 'ResendCode', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, delivery);
    await userPool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: services.clock.get() });
    return { CodeDeliveryDetails: delivery };
  };
}

/**
 * Cognito refuses a password shorter than the pool's policy allows; cognito-local stores it. These
 * targets check the policy's minimum length first, with Cognito's error, then do what they would.
 */
function checkingPasswordPolicy(target: string) {
  return (services: any, route: (target: string) => Target): Target =>
    async (ctx, req: { ClientId?: string; UserPoolId?: string; Password?: string }) => {
      const pool = req.ClientId
        ? await services.cognito.getUserPoolForClientId(ctx, req.ClientId)
        : await services.cognito.getUserPool(ctx, req.UserPoolId);
      const min = pool.options.Policies?.PasswordPolicy?.MinimumLength ?? 8;
      if (typeof req.Password === 'string' && req.Password.length < min) {
        const { CognitoError } = lib('errors');
        throw new CognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough');
      }
      return route(target)(ctx, req);
    };
}

const PASSWORD_FLOWS = new Set(['USER_PASSWORD_AUTH', 'ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH']);

/**
 * The pool prevents user existence errors (infra/constructs/auth.ts): Cognito then gives one answer to an
 * unknown e-mail and to a wrong password, so that sign-in does not tell who has an account. cognito-local
 * gives two ('User not authorized', 'Invalid password'); this gives Cognito's one.
 */
function withoutUserExistenceErrors(target: string) {
  return (_services: any, route: (target: string) => Target): Target =>
    async (ctx, req: { AuthFlow?: string }) => {
      try {
        return await route(target)(ctx, req);
      } catch (err) {
        const code = (err as { code?: string }).code;
        const revealing =
          code === 'InvalidPasswordException' ||
          code === 'UserNotFoundException' ||
          (code === 'NotAuthorizedException' && (err as Error).message === 'User not authorized');
        if (!PASSWORD_FLOWS.has(req.AuthFlow ?? '') || !revealing) throw err;
        const { CognitoError } = lib('errors');
        throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
      }
    };
}

/**
 * One target made of layers, the first outermost: each layer's route to the target's own name reaches the
 * layer under it (the last reaches cognito-local's target).
 */
function layered(name: string, ...layers: Wrapper[]): Wrapper {
  return (services, route) =>
    layers.reduceRight<(target: string) => Target>((inner, layer) => {
      const target = layer(services, inner);
      return (t) => (t === name ? target : route(t));
    }, route)(name);
}

function extraTargets(mfa: Record<string, Wrapper>): Record<string, Wrapper> {
  return {
    ...mfa,
    ResendConfirmationCode: resendConfirmationCode,
    InitiateAuth: layered('InitiateAuth', withoutUserExistenceErrors('InitiateAuth'), mfa.InitiateAuth),
    AdminInitiateAuth: layered('AdminInitiateAuth', withoutUserExistenceErrors('AdminInitiateAuth'), mfa.AdminInitiateAuth),
    SignUp: checkingPasswordPolicy('SignUp'),
    ConfirmForgotPassword: checkingPasswordPolicy('ConfirmForgotPassword'),
    AdminSetUserPassword: checkingPasswordPolicy('AdminSetUserPassword'),
  };
}

const demoTotpSecrets = () => Object.fromEntries(DEMO_USERS.flatMap((u) => (u.totpSecret ? [[u.email, u.totpSecret]] : [])));

export async function startCognito(opts: Options): Promise<{ server: Server; endpoint: string }> {
  const { DateClock, TriggersService, LambdaService, MessagesService } = lib('services');
  const { CognitoServiceFactoryImpl } = lib('services/cognitoService');
  const { CryptoService } = lib('services/crypto');
  const { MessageDeliveryService } = lib('services/messageDelivery/messageDelivery');
  const { otp } = lib('services/otp');
  const { JwtTokenGenerator } = lib('services/tokenGenerator');
  const { UserPoolServiceFactoryImpl } = lib('services/userPoolService');
  const { Router } = lib('server/Router');
  const { createServer } = lib('server/server');
  const pino = require(require.resolve('pino', { paths: [path.dirname(require.resolve('cognito-local/package.json'))] }));

  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'silent' });
  const ctx = { logger };
  const dataDirectory = path.resolve(opts.dataDir);
  const issuer = `http://localhost:${opts.port}`;
  const userPoolDefaults = { UsernameAttributes: ['email'] };
  const config = {
    LambdaClient: {},
    TriggerFunctions: Object.fromEntries(Object.keys(opts.triggers).map((name) => [name, name])),
    UserPoolDefaults: userPoolDefaults,
    KMSConfig: { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, region: 'local' },
    ServerConfig: { port: opts.port, hostname: '127.0.0.1', development: false },
    TokenConfig: { IssuerDomain: issuer },
  };

  const clock = new DateClock();
  // cognito-local lists the folder for the pools it has, even when they are kept in memory.
  fs.mkdirSync(dataDirectory, { recursive: true });
  const dataStoreFactory = new PoolStoreFactory(opts.keepData ? dataDirectory : null);
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  );
  const cognitoClient = await cognitoServiceFactory.create(ctx, userPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognitoClient,
    new LambdaService(config.TriggerFunctions, inProcessLambda(opts.triggers)),
    new CryptoService(config.KMSConfig),
  );
  const ses = new SESv2Client({
    endpoint: opts.sesEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const services = {
    clock,
    cognito: cognitoClient,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(sesSender(ses, opts.mailFrom))),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = Router(services);
  const extras = extraTargets(localMfa({ fixedSecrets: opts.totpSecrets ?? demoTotpSecrets() }));
  const withExtras = (target: string) => (extras[target] ? extras[target](services, router) : router(target));
  const server: Server = await createServer(withExtras, logger, config.ServerConfig, services).start();
  await waitForPort(opts.port, 10_000, 'cognito-local');
  return { server, endpoint: issuer };
}
