import { describe, expect, it } from 'vitest';
import { api } from '../test/api';

describe('health', () => {
  it.each(['/', '/health'])('GET %s answers ok with a timestamp', async (path) => {
    const res = await api(path);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('ok');
    expect(Date.parse(res.json.timestamp)).not.toBeNaN();
    expect(res.headers.get('X-Request-Id')).toBeTruthy();
  });

  it('sets the security headers', async () => {
    const res = await api('/health');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('Content-Security-Policy')).toContain('https://challenges.cloudflare.com');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('sends HSTS in production', async () => {
    const res = await api('/health', { env: { ENVIRONMENT: 'production' } });
    expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=');
  });

  it('allows exactly the configured origins with credentials', async () => {
    const allowed = await api('/health', {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
    });
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:3000');
    expect(allowed.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    expect(allowed.headers.get('Access-Control-Allow-Methods')).toBe('GET,POST,PUT,PATCH,DELETE,OPTIONS');
    expect(allowed.headers.get('Access-Control-Allow-Headers')).toBe(
      'Content-Type,Authorization,X-Farm-Id,Idempotency-Key,X-D1-Bookmark,X-Client',
    );
    const production = await api('/health', { headers: { Origin: 'https://ushicho.example' } });
    expect(production.headers.get('Access-Control-Allow-Origin')).toBe('https://ushicho.example');
    const other = await api('/health', { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await api('/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('NOT_FOUND');
    expect(res.json.error.requestId).toBeTruthy();
  });

  it('describes itself with an OpenAPI document generated from the route schemas', async () => {
    const res = await api('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/users/{id}/theme']),
    );
    const docs = await api('/docs');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('/api/v1/auth/login');
    // Each response shows its body's schema: the cattle detail's fields are on the page.
    expect(docs.text).toContain('&quot;expectedCalvingDate&quot;');
    expect(docs.text).toContain('&quot;requestId&quot;');
  });

  it("publishes an event's details as the shape each event type takes, and every path once under its folder", async () => {
    const { json } = await api('/openapi.json');
    const body = json.paths['/api/v1/events'].post.requestBody.content['application/json'].schema;
    const details = body.properties.details;
    const titles = details.anyOf.map((shape: { title: string }) => shape.title);
    expect(titles).toEqual(
      expect.arrayContaining(['INSEMINATION', 'CALVING', 'WEIGHT_MEASURED', 'VACCINATION | MEDICATION']),
    );
    const insemination = details.anyOf.find((shape: { title: string }) => shape.title === 'INSEMINATION');
    expect(Object.keys(insemination.properties)).toEqual(expect.arrayContaining(['method', 'sireName', 'technician']));
    // The paths composed by one folder's router are all there (events, farms, users, invitations).
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/events/bulk',
        '/api/v1/events/recent-inputs',
        '/api/v1/events/{id}/certificate',
        '/api/v1/farms/{farmId}/backup',
        '/api/v1/farms/{farmId}/invitations',
        '/api/v1/invitations/accept',
        '/api/v1/users/me/line',
        '/api/v1/cattle/{id}/growth',
        '/api/v1/me/today',
        '/api/v1/tasks/{id}/done',
      ]),
    );
  });

  it('hides the development outbox outside development', async () => {
    const res = await api('/dev/outbox', { env: { ENVIRONMENT: 'production' } });
    expect(res.status).toBe(404);
  });
});
