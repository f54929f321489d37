import { Aws, CfnCondition, Duration, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { ADMIN_GROUP, MIN_PASSWORD_LENGTH } from '../../shared/constants.js';
import { createAppFunction, type LambdaCodeMode } from './function.js';
import type { Data } from './data.js';
import type { Mail } from './mail.js';
import { grantTable } from './table-grant.js';

export interface AuthProps {
  readonly mail: Mail;
  /** The table the PostConfirmation trigger writes each confirmed account's user record to. */
  readonly data: Data;
  /** When true Cognito sends through SES (the identity must be verified); otherwise with its own sender. */
  readonly sendThroughSes: CfnCondition;
  /** Public URL of the web app, for the links in the confirmation and reset e-mails. */
  readonly appUrl: string;
  readonly codeMode: LambdaCodeMode;
}

/** Cognito: the user pool (e-mail sign-in, the admin group) and the web app's client. */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  readonly customMessage: lambda.Function;
  readonly postConfirmation: lambda.Function;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.customMessage = createAppFunction(this, 'CustomMessage', {
      entry: 'functions/triggers/custom-message.ts',
      description: 'Cognito CustomMessage trigger: confirmation and reset e-mails with links to the app',
      environment: { STAGE: 'aws', APP_URL: props.appUrl },
      timeout: Duration.seconds(5),
      memorySize: 256,
      codeMode: props.codeMode,
    });

    this.postConfirmation = createAppFunction(this, 'PostConfirmation', {
      entry: 'functions/triggers/post-confirmation.ts',
      description: 'Cognito PostConfirmation trigger: the user record of each confirmed account',
      environment: { STAGE: 'aws', TABLE_NAME: props.data.table.tableName },
      timeout: Duration.seconds(5),
      memorySize: 256,
      codeMode: props.codeMode,
    });
    // The profile, its username reservation and its search terms, written in one transaction that also
    // counts the user (infra/table-grants.ts).
    grantTable(this.postConfirmation, props.data);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
        preferredUsername: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: MIN_PASSWORD_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Admin accounts use TOTP: the app takes an admin through setup right after their first password
      // sign-in, and Cognito then asks every later sign-in of the account for a code. The API grants admin
      // rights only to accounts with TOTP on (functions/lib/identity.ts). Other users are not asked.
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      email: cognito.UserPoolEmail.withSES({ fromEmail: props.mail.from, sesRegion: Aws.REGION }),
      lambdaTriggers: { customMessage: this.customMessage, postConfirmation: this.postConfirmation },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // withSES names the address as the identity; point Cognito at the identity that is actually verified
    // (the address or its domain), or at Cognito's own sender until the SES identity is verified.
    const cfnPool = this.userPool.node.defaultChild as cognito.CfnUserPool;
    cfnPool.addPropertyOverride(
      'EmailConfiguration',
      Fn.conditionIf(
        props.sendThroughSes.logicalId,
        { EmailSendingAccount: 'DEVELOPER', From: props.mail.from, SourceArn: props.mail.identityArn },
        { EmailSendingAccount: 'COGNITO_DEFAULT' },
      ),
    );

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason: 'The product specification sets the password rule: at least 6 characters and no other requirement.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional at the pool level and TOTP only: admin accounts must use it (the app sets it up, the API requires it); the product asks no MFA of musicians and pros.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason: 'Threat protection (advanced security) needs the Cognito Plus feature plan, outside the budget of this product.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'The Essentials feature plan covers the product (e-mail sign-in, groups, custom messages); Plus is not needed.',
      },
    );

    new cognito.UserPoolGroup(this, 'AdminGroup', {
      userPool: this.userPool,
      groupName: ADMIN_GROUP,
      description: 'Administrators: manage users, prices, balances and the margin; may impersonate.',
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // SRP only: the password never leaves the browser. The local pool (cognito-local has no SRP) alone allows USER_PASSWORD_AUTH.
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
  }
}
