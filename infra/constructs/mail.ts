import { Aws, CfnCondition, Fn } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailProps {
  /** Sender address of every e-mail (Cognito's and the application's). */
  readonly from: string;
  /**
   * The verified SES identity that covers `from`: the address itself or its domain.
   * An empty string means the address itself.
   */
  readonly identity: string;
  /** When true, the stack creates (and owns) an SES e-mail identity for `from`. */
  readonly createIdentity: CfnCondition;
}

/** SES: the sender identity and the permission to send from it. */
export class Mail extends Construct {
  readonly from: string;
  /** ARN of the verified identity Cognito sends through. */
  readonly identityArn: string;
  /** Every identity ARN SES may authorize a send from `from` against: address, its domain, the named identity. */
  private readonly sendingArns: string[];

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.from = props.from;

    const identityGiven = new CfnCondition(this, 'IdentityGiven', {
      expression: Fn.conditionNot(Fn.conditionEquals(props.identity, '')),
    });
    const identityName = Fn.conditionIf(identityGiven.logicalId, props.identity, props.from).toString();
    const arnOf = (name: string) => `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${name}`;
    this.identityArn = arnOf(identityName);
    const domain = Fn.select(1, Fn.split('@', props.from));
    this.sendingArns = [arnOf(props.from), arnOf(domain), this.identityArn];

    // SES sends a verification link to the address; Cognito refuses to use the identity until it is
    // clicked (see docs/deploy.md for the order of deployment).
    const identity = new ses.EmailIdentity(this, 'Identity', {
      identity: ses.Identity.email(props.from),
    });
    (identity.node.defaultChild as ses.CfnEmailIdentity).cfnOptions.condition = props.createIdentity;
  }

  /** Allows sending e-mail from the sender address, and nothing else. */
  grantSend(grantee: iam.IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: this.sendingArns }));
  }
}
