import { describe, expect, it } from 'vitest';
import { createApp } from '../app';

type JsonSchema = Record<string, unknown>;

const document = createApp().getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'contract', version: '1' } });
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(
    item as Record<
      string,
      { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>; security?: unknown[] }
    >,
  ).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
);

/** The places in a JSON schema that accept anything: `{}` (z.any / z.unknown), as a whole or nested. */
function untypedPlaces(schema: unknown, at = '$'): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as JsonSchema;
  const keys = Object.keys(node).filter((k) => k !== 'description' && k !== 'example' && k !== 'default');
  if (keys.length === 0) return [at];
  const nested: [string, unknown][] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, property] of Object.entries(value)) nested.push([`${at}.${name}`, property]);
    } else if ((key === 'items' || key === 'additionalProperties') && typeof value === 'object') {
      nested.push([`${at}[]`, value]);
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      for (const [i, option] of value.entries()) nested.push([`${at}|${i}`, option]);
    }
  }
  return nested.flatMap(([where, child]) => untypedPlaces(child, where));
}

describe('the API contract (OpenAPI generated from the route declarations)', () => {
  it('documents every route', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(operations)('$name answers something on success (or redirects)', ({ operation }) => {
    expect(Object.keys(operation.responses ?? {}).some((status) => /^[23]\d\d$/.test(status))).toBe(true);
  });

  it.each(operations)('$name declares a typed body for every JSON response', ({ operation }) => {
    const untyped = Object.entries(operation.responses ?? {}).flatMap(([status, response]) => {
      const schema = response.content?.['application/json']?.schema;
      return schema ? untypedPlaces(schema).map((where) => `${status} ${where}`) : [];
    });
    expect(untyped).toEqual([]);
  });

  it.each(operations)('$name answers errors in the documented error shape', ({ operation }) => {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (Number(status) < 400) continue;
      const schema = response.content?.['application/json']?.schema as JsonSchema | undefined;
      expect(schema, status).toBeDefined();
      const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
      expect(Object.keys((properties.error?.properties ?? {}) as object), status).toEqual(
        expect.arrayContaining(['code', 'message', 'requestId']),
      );
    }
  });

  it.each(operations.filter(({ operation }) => operation.security?.length))(
    '$name, which needs a sign-in, documents its 401',
    ({ operation }) => {
      expect(Object.keys(operation.responses ?? {})).toContain('401');
    },
  );
});
