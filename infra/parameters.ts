import { CfnCondition, CfnParameter, Fn, type Stack } from 'aws-cdk-lib';

/**
 * The stack's deployment parameters (docs/deploy.md) and the conditions they decide. Their ids are the
 * parameter and condition names of the template, which deployments pass by name: never rename one.
 */
export function deploymentParameters(stack: Stack) {
  const mailFrom = new CfnParameter(stack, 'MailFrom', {
    type: 'String',
    description: 'Sender address of all e-mails (sign-up confirmation, password reset, notifications).',
    allowedPattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
    constraintDescription: 'must be an e-mail address',
  });
  const mailIdentity = new CfnParameter(stack, 'MailIdentity', {
    type: 'String',
    default: '',
    description: 'The verified SES identity covering MailFrom: empty when the address itself is verified, else the verified domain.',
  });
  const createMailIdentity = new CfnParameter(stack, 'CreateMailIdentity', {
    type: 'String',
    default: 'false',
    allowedValues: ['true', 'false'],
    description: 'true: the stack creates an SES identity for MailFrom (SES mails a verification link to it).',
  });
  const cognitoEmail = new CfnParameter(stack, 'CognitoEmailSender', {
    type: 'String',
    default: 'SES',
    allowedValues: ['SES', 'COGNITO'],
    description:
      "SES: Cognito sends its e-mails from MailFrom through SES (the identity must be verified). COGNITO: Cognito's own limited sender, until it is.",
  });
  const bedrockModelId = new CfnParameter(stack, 'BedrockModelId', {
    type: 'String',
    default: '',
    allowedPattern: '^[A-Za-z0-9._:-]*$',
    constraintDescription: 'must be a Bedrock model id or inference profile id (not an ARN), or empty',
    description:
      "Amazon Bedrock model that suggests feedback comments, a model id (e.g. 'anthropic.claude-3-haiku-20240307-v1:0') or an inference profile id (e.g. 'us.anthropic.claude-3-haiku-20240307-v1:0'); it must be enabled under Model access in the Bedrock console. Empty: the built-in suggester.",
  });
  const paypalApiUrl = new CfnParameter(stack, 'PaypalApiUrl', {
    type: 'String',
    default: 'https://api-m.sandbox.paypal.com',
    allowedValues: ['https://api-m.sandbox.paypal.com', 'https://api-m.paypal.com'],
    description: "PayPal's REST API: the sandbox until the live credentials are in the payment secret (docs/deploy.md).",
  });
  const paypalClientId = new CfnParameter(stack, 'PaypalClientId', {
    type: 'String',
    default: '',
    allowedPattern: '^[A-Za-z0-9_-]*$',
    description:
      "PayPal app's client id, public by design: the browser loads PayPal's button with it. The same as paypalClientId in the payment secret.",
  });
  const alarmEmail = new CfnParameter(stack, 'AlarmEmail', {
    type: 'String',
    default: '',
    allowedPattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
    constraintDescription: 'must be an e-mail address, or empty',
    description:
      'Where alarms are e-mailed (AWS mails a link to confirm the subscription first). Empty: no subscription; the alarms still show in CloudWatch.',
  });
  const hasAlarmEmail = new CfnCondition(stack, 'AlarmEmailGiven', {
    expression: Fn.conditionNot(Fn.conditionEquals(alarmEmail.valueAsString, '')),
  });
  const bedrockConfigured = new CfnCondition(stack, 'BedrockModelConfigured', {
    expression: Fn.conditionNot(Fn.conditionEquals(bedrockModelId.valueAsString, '')),
  });
  const createIdentity = new CfnCondition(stack, 'CreateMailIdentityCondition', {
    expression: Fn.conditionEquals(createMailIdentity.valueAsString, 'true'),
  });
  const sendThroughSes = new CfnCondition(stack, 'CognitoSendsThroughSes', {
    expression: Fn.conditionEquals(cognitoEmail.valueAsString, 'SES'),
  });
  return {
    mailFrom: mailFrom.valueAsString,
    mailIdentity: mailIdentity.valueAsString,
    bedrockModelId: bedrockModelId.valueAsString,
    paypalApiUrl: paypalApiUrl.valueAsString,
    paypalClientId: paypalClientId.valueAsString,
    alarmEmail: alarmEmail.valueAsString,
    hasAlarmEmail,
    bedrockConfigured,
    createIdentity,
    sendThroughSes,
  };
}

export type DeploymentParameters = ReturnType<typeof deploymentParameters>;
