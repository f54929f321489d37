/**
 * The table read and written directly, as API tests do to check what a call left behind or to set up a
 * state no route makes: a partition's items, attributes set by hand, raw records as an earlier version or
 * an interrupted job wrote them, and tables of their own for the data of an earlier version.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StackInfo } from './global-setup.js';
import { useStackEnvironment } from './in-process.js';

/** The functions' own client (the test has called `useStackEnvironment`). */
export const dynamo = async () => (await import('../../functions/lib/aws/dynamo.js')).dynamo();

/** Every item of a partition, read consistently. */
export async function itemsUnder(stack: StackInfo, pk: string): Promise<Record<string, any>[]> {
  const query = { TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } };
  return (await (await dynamo()).send(new QueryCommand({ ...query, ConsistentRead: true }))).Items ?? [];
}

/** Sets an item's attributes to the values given, as if a job or an earlier write had left them so. */
export async function setAttributes(stack: StackInfo, Key: { PK: string; SK: string }, values: Record<string, unknown>) {
  const names = Object.keys(values);
  const UpdateExpression = `SET ${names.map((_, i) => `#a${i} = :a${i}`).join(', ')}`;
  const ExpressionAttributeNames = Object.fromEntries(names.map((name, i) => [`#a${i}`, name]));
  const ExpressionAttributeValues = Object.fromEntries(names.map((name, i) => [`:a${i}`, values[name]]));
  await (
    await dynamo()
  ).send(new UpdateCommand({ TableName: stack.tableName, Key, UpdateExpression, ExpressionAttributeNames, ExpressionAttributeValues }));
}

/** Adds ids to a set attribute of an item, as that many earlier writes would have. */
export async function addToSet(stack: StackInfo, Key: { PK: string; SK: string }, set: string, ids: string[]) {
  const update = {
    UpdateExpression: 'ADD #l :ids',
    ExpressionAttributeNames: { '#l': set },
    ExpressionAttributeValues: { ':ids': new Set(ids) },
  };
  await (await dynamo()).send(new UpdateCommand({ TableName: stack.tableName, Key, ...update }));
}

/** A client of the local DynamoDB of its own, for tables a test makes beside the app's. */
export function localDynamo(stack: StackInfo) {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const client = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: 'us-east-1', credentials });
  return { client, doc: DynamoDBDocumentClient.from(client) };
}

/** Writes the items to a table as they are (at most 25). */
export const putItems = (doc: DynamoDBDocumentClient, table: string, items: Record<string, unknown>[]) =>
  doc.send(new BatchWriteCommand({ RequestItems: { [table]: items.map((Item) => ({ PutRequest: { Item } })) } }));

/** The items under a key of an index. */
export async function indexItems(doc: DynamoDBDocumentClient, table: string, IndexName: string, pk: string) {
  const KeyConditionExpression = `${IndexName.replace(/Count$/, '')}PK = :pk`;
  return (
    await doc.send(new QueryCommand({ TableName: table, IndexName, KeyConditionExpression, ExpressionAttributeValues: { ':pk': pk } }))
  ).Items;
}

/** Runs `work` with the functions' modules reading and writing another table of the local stack. */
export async function onTable<T>(stack: StackInfo, table: string, work: () => Promise<T>): Promise<T> {
  const tableName = process.env.TABLE_NAME;
  useStackEnvironment(stack);
  process.env.TABLE_NAME = table;
  try {
    return await work();
  } finally {
    process.env.TABLE_NAME = tableName;
  }
}

const JAN_1 = '2026-01-01T00:00:00.000Z';
const dated = (at: string) => ({ createdAt: at, updatedAt: at });

/** A user's profile as a version before the lean lists (GSI3) wrote it: on GSI1 by type and name, unversioned. */
export function legacyUser(id: string, type: string, name: string) {
  const keys = { PK: `USER#${id}`, SK: 'PROFILE', GSI1PK: `TYPE#${type}`, GSI1SK: `NAME#${name.toLowerCase()}#${id}` };
  const account = { entity: 'user', id, type, fullName: name, email: `${id}@example.test`, username: id, typeChosen: true };
  const profile = { genres: [], costRange: null, experience: null, feedbackPriceCents: null, balanceCents: 0, bio: null };
  return { ...keys, ...account, ...profile, ...dated(JAN_1) };
}

/** A track as a version before the lean lists wrote it: on GSI1 by owner, made on the day its id ends with. */
export function legacyTrack(id: string, userId: string, more: Record<string, unknown> = {}) {
  const keys = { PK: `TRACK#${id}`, SK: 'META', GSI1PK: `OWNER#${userId}`, GSI1SK: `TRACK#2026-01-0${id.slice(-1)}T00:00:00.000Z#${id}` };
  return { ...keys, entity: 'track', id, userId, title: id, ...more, ...dated(JAN_1) };
}

/** A track registered and still waiting for processing, as `createTrack` writes it. */
export function processingTrack(
  track: { id: string; userId: string; title: string; uploadKey: string; contentType: string; sizeBytes: number },
  at: string,
  deadline: string,
) {
  const { id, userId } = track;
  const keys = { PK: `TRACK#${id}`, SK: 'META', GSI3PK: `OWNER#${userId}`, GSI3SK: `TRACK#${at}#${id}` };
  const unprocessed = { audioKey: '', status: 'processing', failureReason: null, duration: 0, peaks: '', snippet: { start: 0, end: 30 } };
  const unshared = { isShared: false, shareOptions: null, processingDeadline: deadline };
  return { ...keys, entity: 'track', ...track, artist: null, ...unprocessed, ...unshared, ...dated(at) };
}
