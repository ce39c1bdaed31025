import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { unchangedByEncoding } from '../shared/answers.js';

/**
 * The answers' serializer (issue 37). Zod encoded every answer against its schema on every send, some
 * 5 % of a request. The services build each answer from the contract's own types, so in production
 * (`NODE_ENV=production`) it is sent as it is. Everywhere else (the tests, `npm run dev`) each answer is
 * still encoded by its schema, and refused if that would change it (a field the schema leaves out, a
 * default, a codec): what the suites send is what production sends.
 */
export function answerSerializer(
  production: boolean,
): FastifySerializerCompiler<Parameters<FastifySchemaCompiler<unknown>>[0]['schema']> {
  return (route) => {
    if (production) return (data) => JSON.stringify(data);
    const encode = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (data) => unchangedByEncoding(encode(data), data, `${route.method} ${route.url}`);
  };
}
