/** A route's input schema as JSON Schema: the shape the generic route test and the fuzz derive inputs from. */
import { z } from 'zod';
import { routes, type RouteName } from '../../shared/api/routes.js';

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

export const inputSchemaOf = (name: RouteName) => z.toJSONSchema(routes[name].input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
