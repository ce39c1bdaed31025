import type { FastifyInstance } from 'fastify';
import { z } from '../../../contract/zod.js';

/** The server-wide cap for a JSON body: kept for the routes whose contract sets no bound (a list without a length). */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** No route is held below this: room for a client's pretty printing and unknown-field refusals named in Chinese. */
const FLOOR = 16 * 1024;

export interface JsonNode {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonNode>;
  items?: JsonNode;
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
  allOf?: JsonNode[];
  maxLength?: number;
  maxItems?: number;
}

/** JSON may escape every UTF-16 unit as `\uXXXX` (Python's default does for all Chinese text). */
const ESCAPED_UNIT = 6;

/** The most bytes a valid value of this schema can take as JSON text, or Infinity when the contract sets no bound. */
function largest(node: JsonNode): number {
  const alternatives = [...(node.anyOf ?? []), ...(node.oneOf ?? [])];
  if (alternatives.length > 0) return Math.max(...alternatives.map(largest));
  if (node.allOf) return node.allOf.map(largest).reduce((a, b) => a + b, 0);
  if (node.enum) return Math.max(...node.enum.map((v) => JSON.stringify(v).length * ESCAPED_UNIT));
  if (node.const !== undefined) return JSON.stringify(node.const).length * ESCAPED_UNIT;
  const types = [node.type].flat();
  let most = 0;
  for (const type of types) {
    if (type === 'string') most = Math.max(most, node.maxLength === undefined ? Infinity : node.maxLength * ESCAPED_UNIT + 2);
    else if (type === 'number' || type === 'integer') most = Math.max(most, 32);
    else if (type === 'boolean' || type === 'null') most = Math.max(most, 5);
    else if (type === 'array')
      most = Math.max(
        most,
        node.maxItems === undefined || !node.items ? Infinity : node.maxItems * (largest(node.items) + 1) + 2,
      );
    else if (type === 'object') {
      // Fields the contract does not name are refused, so only the named ones need room.
      let sum = 2;
      for (const [key, child] of Object.entries(node.properties ?? {})) sum += key.length * ESCAPED_UNIT + 3 + largest(child);
      most = Math.max(most, sum);
    } else return Infinity;
  }
  return most;
}

/**
 * A route's JSON body limit, read from its contract: twice the largest valid body (whitespace, escapes),
 * at least 16 KB, at most the server's 1 MB. A hostile megabyte sent to a form of short fields is then
 * refused (413, in Chinese) before it is parsed, instead of being read, parsed and walked for its fields.
 */
export function bodyLimitOf(schema: unknown): number {
  if (!(schema instanceof z.ZodType)) return JSON_BODY_LIMIT;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonNode;
  return Math.min(JSON_BODY_LIMIT, Math.max(FLOOR, Math.ceil(2 * largest(json))));
}

/** Every API route with a body schema gets the limit its contract implies (routes may still set their own). */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body;
    if (body === undefined || route.bodyLimit !== undefined) return;
    route.bodyLimit = bodyLimitOf(body);
  });
}
