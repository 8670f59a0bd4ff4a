import type { RouteConfig } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { createApp } from '../app';
import { errorBodySchema } from '../lib/error-body';

/**
 * The API's declared contract, checked against what it actually answers: every response a test receives from a
 * documented route must have a declared status, and a JSON body must match that status's declared schema. A route
 * whose handler drifts from its declaration fails the test that called it (issue 16).
 */
interface DeclaredRoute {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  responses: RouteConfig['responses'];
}

const declared: DeclaredRoute[] = createApp()
  .openAPIRegistry.definitions.flatMap((d) => (d.type === 'route' ? [d.route] : []))
  .map((route) => ({
    method: route.method.toUpperCase(),
    path: route.path,
    pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    params: (route.path.match(/\{/g) ?? []).length,
    responses: route.responses,
  }))
  // Static segments win over parameters: /cattle/status-counts before /cattle/{id}.
  .sort((a, b) => a.params - b.params);

function findDeclaredRoute(method: string, path: string) {
  const pathname = path.split('?')[0];
  return declared.find((r) => r.method === method.toUpperCase() && r.pattern.test(pathname));
}

/** Throws when a documented route answers with an undeclared status or a body outside its declared schema. */
export function assertMatchesContract(
  method: string,
  path: string,
  status: number,
  contentType: string,
  body: unknown,
) {
  const route = findDeclaredRoute(method, path);
  if (!route) return;
  const response = route.responses[String(status)] ?? route.responses.default;
  const where = `${method} ${route.path} → ${status}`;
  // Any route may fail with a 500 (a misconfigured Worker, an outage): its body is still the documented error.
  if (!response && status >= 500 && contentType.includes('application/json')) {
    if (!errorBodySchema.safeParse(body).success) throw new Error(`Contract drift: ${where} is not the error body`);
    return;
  }
  if (!response) throw new Error(`Contract drift: ${where} is not a declared response`);
  if (!contentType.includes('application/json')) return;
  const schema = (response as { content?: Record<string, { schema?: ZodType }> }).content?.['application/json']?.schema;
  if (!schema) throw new Error(`Contract drift: ${where} answered JSON but declares no JSON body`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Contract drift: ${where} does not match its schema:\n  ${issues.join('\n  ')}`);
  }
}
