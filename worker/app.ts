import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { accountsRouter } from './accounts/accounts.index';
import { usersRouter } from './accounts/users.index';
import { adminRouter } from './admin/admin.index';
import { alertsRouter } from './alerts/alerts.index';
import { auditRouter } from './audit/audit.index';
import { forgetAccessOnWrite } from './auth/farm-access';
import { cattleRouter } from './cattle/cattle.index';
import { isForeignKeyViolation } from './db/unique-violation';
import { devRouter } from './dev/dev.index';
import { type AppEnv, isDevelopment, isProduction } from './env';
import { eventsRouter } from './events/events.index';
import { farmsRouter } from './farms/farms.index';
import { invitationsRouter } from './farms/invitations.index';
import { filingsRouter } from './filings/filings.index';
import { apiReferenceHtml } from './health/api-reference';
import { healthRouter } from './health/health.index';
import { homeRouter } from './home/home.index';
import { importsRouter } from './imports/imports.index';
import { inseminationsRouter } from './inseminations/inseminations.index';
import { kpiRouter } from './kpi/kpi.index';
import type { ErrorBody } from './lib/error-body';
import { AppError } from './lib/errors';
import { createLogger } from './lib/log';
import { lineRouter } from './line/line.index';
import { oauthRouter } from './oauth/oauth.index';
import { pensRouter } from './pens/pens.index';
import { enrolmentsRouter, programmesRouter } from './programmes/programmes.index';
import { reportsRouter } from './reports/reports.index';
import { shipmentsRouter } from './shipments/shipments.index';
import { meRouter, tasksRouter } from './tasks/tasks.index';
import { trashRouter } from './trash/trash.index';
import { waitingListRouter } from './waiting-list/waiting-list.index';

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
/** A request that takes this long is logged even when it succeeds. */
const SLOW_REQUEST_MS = 1_000;

// The security headers and CORS middleware are built once per isolate, not per request (decision 030); only
// Strict-Transport-Security depends on the environment, so there are two of the former.
const securityHeaders = (strictTransportSecurity: string | false) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", TURNSTILE_ORIGIN],
      frameSrc: [TURNSTILE_ORIGIN],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity,
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
  });
const productionHeaders = securityHeaders('max-age=63072000; includeSubDomains');
const developmentHeaders = securityHeaders(false);

const corsHeaders = cors({
  // The development origin only in development (§3): production allows the production origin alone.
  origin: (origin, c: Context<AppEnv>) =>
    [c.env.CORS_PROD_ORIGIN, isDevelopment(c.env) ? c.env.CORS_DEV_ORIGIN : undefined].includes(origin) ? origin : null,
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Authorization', 'X-Farm-Id', 'Idempotency-Key', 'X-D1-Bookmark', 'X-Client'],
  exposeHeaders: [
    'X-Request-Id',
    'Retry-After',
    'Content-Disposition',
    'X-Refreshed-Token',
    'Idempotent-Replayed',
    'X-D1-Bookmark',
  ],
  credentials: true,
  maxAge: 600,
});

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ strict: false }).basePath('/api/v1');

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || crypto.randomUUID();
    c.set('requestId', requestId);
    const log = createLogger({ requestId });
    c.set('log', log);
    const started = Date.now();
    await next();
    c.header('X-Request-Id', requestId);
    // Workers Logs records every invocation (method, URL, status, duration) by itself; a line of ours costs each
    // request about a third of a bare Worker's time (decision 030), so only server errors and slow requests get one.
    const ms = Date.now() - started;
    if (c.res.status >= 500 || ms >= SLOW_REQUEST_MS)
      log(c.res.status >= 500 ? 'error' : 'warn', 'request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms,
      });
  });

  app.use('*', (c, next) => (isProduction(c.env) ? productionHeaders : developmentHeaders)(c, next));
  app.use('*', corsHeaders);
  app.use('*', forgetAccessOnWrite);

  app.onError((err, c) => {
    const requestId = c.get('requestId') ?? 'unknown';
    const log = c.get('log') ?? createLogger({ requestId });
    let status: ContentfulStatusCode = 500;
    // `data`: a report that goes with some errors (an import's rows, declared on that route).
    let body: ErrorBody & { data?: unknown };
    if (err instanceof AppError) {
      status = err.status;
      const issues = (err as AppError & { issues?: { field: string; message: string }[] }).issues;
      body = { error: { code: err.code, message: err.message, field: err.field, issues, requestId } };
      if (err.data !== undefined) body.data = err.data;
      for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
      log(status >= 500 ? 'error' : 'info', 'request failed', { code: err.code, status, message: err.message });
    } else if (isForeignKeyViolation(err)) {
      // A write whose parent row was deleted under it (a racing delete): 404 as for a missing id, never 500 (§3).
      status = 404;
      log('info', 'request raced a delete', { error: String(err) });
      body = { error: { code: 'NOT_FOUND', message: 'Not found', requestId } };
    } else if (err instanceof HTTPException) {
      status = err.status as ContentfulStatusCode;
      body = { error: { code: status === 400 ? 'BAD_REQUEST' : 'HTTP_ERROR', message: err.message, requestId } };
    } else {
      log('error', 'unhandled error', { error: String(err), stack: err instanceof Error ? err.stack : undefined });
      body = { error: { code: 'INTERNAL_ERROR', message: 'Internal Server Error', requestId } };
    }
    return c.json(body, status);
  });

  app.notFound((c) =>
    c.json(
      {
        error: {
          code: 'NOT_FOUND',
          message: `Not found: ${c.req.method} ${c.req.path}`,
          requestId: c.get('requestId'),
        },
      },
      404,
    ),
  );

  const routes = app
    .route('/', healthRouter)
    .route('/auth', accountsRouter)
    .route('/oauth', oauthRouter)
    .route('/users', usersRouter)
    .route('/alerts', alertsRouter)
    .route('/cattle', cattleRouter)
    .route('/events', eventsRouter)
    .route('/pre-register', waitingListRouter)
    .route('/admin', adminRouter)
    .route('/kpi', kpiRouter)
    .route('/shipments', shipmentsRouter)
    .route('/farms', farmsRouter)
    .route('/imports', importsRouter)
    .route('/line', lineRouter)
    .route('/invitations', invitationsRouter)
    .route('/home', homeRouter)
    .route('/reports', reportsRouter)
    .route('/programmes', programmesRouter)
    .route('/enrolments', enrolmentsRouter)
    .route('/tasks', tasksRouter)
    .route('/me', meRouter)
    .route('/filings', filingsRouter)
    .route('/inseminations', inseminationsRouter)
    .route('/audit', auditRouter)
    .route('/trash', trashRouter)
    .route('/pens', pensRouter);

  app.use('/dev/*', async (c, next) => {
    if (!isDevelopment(c.env)) return c.notFound();
    await next();
  });
  app.route('/dev', devRouter);

  const documentConfig = {
    openapi: '3.1.0',
    info: { title: '牛帳 Ushichō API', version: '1.0.0', description: 'Herd management for cattle farmers in Japan.' },
  };
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'basic', { type: 'http', scheme: 'basic' });
  app.doc31('/openapi.json', documentConfig);
  app.get('/docs', (c) => c.html(apiReferenceHtml(app.getOpenAPI31Document(documentConfig))));

  return routes;
}

export type AppType = ReturnType<typeof createApp>;
