import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';

/** Runs the cdk-nag AWS Solutions rules at synthesis; an unacknowledged error fails the synth. */
export function addComplianceChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}
