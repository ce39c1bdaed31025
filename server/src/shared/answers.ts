import { isDeepStrictEqual } from 'node:util';

/**
 * An answer as its schema encodes it, refused when that encoding would change it (a field the schema
 * leaves out, a default, a codec): where answers are sent as they are (production, http/serialize.ts),
 * what the suites sent is what is sent.
 */
export function unchangedByEncoding(json: string, data: unknown, what: string): string {
  if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(data)))) {
    throw new Error(`${what}: the answer is not what its schema would send`);
  }
  return json;
}
