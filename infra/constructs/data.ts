import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEYS, type IndexName } from '../../functions/platform/data/table.js';

/** The names of the secondary indexes, as the topics' data modules (functions/<topic>/data) use them. */
export const INDEXES = TABLE_INDEXES.map((i) => i.name);

/** Attribute holding an item's expiry (epoch seconds): DynamoDB deletes the item some time after it. */
export const TTL_ATTRIBUTE = 'expiresAt';

/**
 * The single DynamoDB table: generic keys PK/SK, two generic indexes and a lean copy of the first for counting, a stream of new and old images (the
 * realtime channel reads it) and time to live on `expiresAt` (realtime connections expire through it).
 */
export class Data extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partition, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sort, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partition, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sort, type: dynamodb.AttributeType.STRING },
        ...(index.projection === 'all'
          ? { projectionType: dynamodb.ProjectionType.ALL }
          : { projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection] }),
      });
    }
  }

  /** The ARN of one secondary index, what a Query of it is authorized on (infra/table-grants.ts grants them). */
  indexArn(name: IndexName): string {
    return `${this.table.tableArn}/index/${name}`;
  }
}
