import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import worker from '../index';
import { api, signUp, testEnv } from '../test/api';
import { assertMatchesContract } from '../test/contract';
import { shardOf } from '../test/shards';

/**
 * Fuzzing every route that takes a body or parameters, driven by the OpenAPI document (§3: never a 500). For each,
 * fast-check generates bad inputs — any JSON, the route's own fields with hostile values, broken JSON, hostile path
 * and query values — sent through the Worker with a signed-in member (and sometimes without). Every answer must be
 * below 500, declared by the route, and when it is an error the documented error body; a rejected request must not
 * have written a row anywhere. Ids are hostile or the member's own (an animal, its event, plan and shipment), so
 * handlers past the 404 are reached too; DELETE gets hostile ids only, to keep the targets for later routes.
 */
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

const SKIPPED = [/^\/oauth\//, /^\/admin\//, /^\/dev\//, /^\/auth\/logout/];
const document = createApp().getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'fuzz', version: '1' } });
const routes = Object.entries(document.paths ?? {}).flatMap(([fullPath, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path: fullPath.replace(/^\/api\/v1/, ''),
    operation,
  })),
);
const fuzzed = routes.filter(
  ({ path, operation }) =>
    !SKIPPED.some((skip) => skip.test(path)) && (operation.requestBody || (operation.parameters ?? []).length > 0),
);
/**
 * Generated requests in all, spread over the routes, from one fixed seed. 300 (a few a route) still finds every bug
 * this test was written for: with the 400 of a malformed id taken out of the 10 routes that declare it (965be38,
 * 9ec6f52), 300 reports all 10 as drift, as 1,200 did.
 */
const REQUESTS = 300;
/** fast-check's seed: the same requests on every run, so a failure is repeated by running the file again. */
const SEED = 20261125;
const RUNS_PER_ROUTE = Math.ceil(REQUESTS / Math.max(1, fuzzed.length));

const hostile = fc.oneof(
  fc.constantFrom(
    null,
    {},
    [],
    '',
    ' ',
    '2023-02-30',
    '2023-04-31',
    '0000-00-00',
    '9999-99-99T99:99:99Z',
    -1,
    0,
    1.5,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    'NaN',
    'Infinity',
    'x'.repeat(5_000),
    '１２３４５６７８９０',
    '\u0000',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    true,
    '🐄',
    { motherCattleId: -1 },
    { calves: [{}] },
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);
const hostileId = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', '99999999999999999999', 'abc', '%00', '..', ' 1', 'null'),
  fc.integer({ min: -10, max: 2_000_000_000 }).map(String),
  fc.string({ minLength: 1, maxLength: 12 }),
);
/** The member's own ids, filled in before the run. */
const ownIds: string[] = [];

function requestOf(route: (typeof fuzzed)[number]) {
  const anyId = route.method === 'DELETE' ? hostileId : fc.oneof(hostileId, fc.constantFrom(...ownIds));
  const params = route.operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const content = route.operation.requestBody?.content ?? {};
  const json = content['application/json'];
  const properties = Object.keys(json?.schema?.properties ?? {});
  const body = json
    ? fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.record(Object.fromEntries(properties.map((p) => [p, hostile])), { requiredKeys: [] }),
        fc.constantFrom('{not json', '[', '"', '{"a":'),
      )
    : content['text/csv']
      ? fc.string({ maxLength: 300 })
      : fc.constant(undefined);
  return fc.record({
    path: fc.tuple(...pathParams.map(() => anyId)),
    query: fc.dictionary(fc.constantFrom(...(queryParams.length ? queryParams.map((p) => p.name) : ['x'])), anyId, {
      maxKeys: 3,
    }),
    body,
    signedIn: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
  });
}

/** LINE fails closed (503) unconfigured: configured, the webhook and linking are fuzzed behind their own checks. */
const FUZZ_ENV = {
  ...testEnv,
  LINE_MESSAGING_CHANNEL_SECRET: 'fuzz-line-messaging-secret',
  LINE_CHANNEL_ID: 'fuzz-line-login',
  LINE_CHANNEL_SECRET: 'fuzz-line-login-secret',
};

/** The Worker called like `api()`, without its per-status contract check (collected separately). */
async function call(
  path: string,
  init: { method: string; token?: string; body?: unknown; headers: Record<string, string> },
) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const body =
    init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1:8787/api/v1${path}`, { method: init.method, headers, body }),
    FUZZ_ENV,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json };
}

let member: { token: string; userId: number; farmId: number };
// The directory's tables and the farm's shard's (decision 034), each fingerprinted where it lives.
const fingerprintSql = { directory: '', shard: '' };

/** The member's farm's shard, looked up once: the farm does not move during the run. */
let memberShard: D1Database;

async function fingerprint() {
  return JSON.stringify(
    await Promise.all([
      env.DB.prepare(fingerprintSql.directory).first(),
      memberShard.prepare(fingerprintSql.shard).first(),
    ]),
  );
}

beforeAll(async () => {
  member = await signUp();
  // Something to aim at: an animal with an event, a plan and a shipment.
  const cow = await api('/cattle', {
    method: 'POST',
    token: member.token,
    body: { name: 'ふぁず', identificationNumber: '1398765432', gender: '雌', growthStage: 'MULTI_PAROUS' },
  });
  const cattleId = cow.json.data.cattleId;
  const event = await api('/events', {
    method: 'POST',
    token: member.token,
    body: { cattleId, eventType: 'ESTRUS', eventDatetime: '2025-01-10' },
  });
  const shipment = await api('/shipments', {
    method: 'POST',
    token: member.token,
    body: { cattleId, shipmentDate: '2025-03-15', price: 700_000 },
  });
  ownIds.push(String(cattleId), String(event.json.data.eventId), shipment.json.data.shipmentId, String(member.farmId));
  const tables = [
    'users',
    'password_resets',
    'farms',
    'farm_members',
    'farm_invitations',
    'sessions',
    'cattle',
    'bloodline',
    'mother_info',
    'breeding_status',
    'breeding_summary',
    'events',
    'cattle_status_history',
    'alerts',
    'alert_history',
    'shipments',
    'shipment_plans',
    'registrations',
  ];
  memberShard = await shardOf(member.farmId);
  for (const [where, db] of [
    ['directory', env.DB],
    ['shard', memberShard],
  ] as const) {
    const parts: string[] = [];
    for (const table of tables) {
      const columns = (await db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all<{ name: string }>())
        .results;
      if (!columns.length) continue;
      const stamp = columns.some((c) => c.name === 'updated_at') ? `|| '/' || coalesce(max(updated_at), '')` : '';
      parts.push(`(SELECT count(*) ${stamp} FROM ${table}) AS ${table}`);
    }
    fingerprintSql[where] = `SELECT ${parts.join(', ')}`;
  }
});

/**
 * The fingerprint taken after the last refused request. Nothing runs between two checks (waitUntil work is awaited),
 * so it is the next request's "before" as well, and each refused request costs one fingerprint instead of two.
 */
let lastFingerprint: string | undefined;
const statuses = new Map<number, number>();
const drift = new Set<string>();
let sent = 0;

/** Sends one request and checks the answer: below 500, declared, the error body, nothing written if refused. */
async function check(
  route: (typeof fuzzed)[number],
  pathValues: string[],
  query: string,
  body: unknown,
  signedIn: boolean,
) {
  let path = route.path;
  for (const value of pathValues) path = path.replace(/\{[^}]+\}/, encodeURIComponent(value));
  const url = `${path}${query ? `?${query}` : ''}`;
  const content = route.operation.requestBody?.content ?? {};
  const before = lastFingerprint ?? (await fingerprint());
  lastFingerprint = undefined;
  const res = await call(url, {
    method: route.method,
    token: signedIn ? member.token : undefined,
    body,
    headers: content['text/csv']
      ? { 'Content-Type': 'text/csv' }
      : content['application/json']
        ? { 'Content-Type': 'application/json' }
        : {},
  });
  sent++;
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  const what = `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 200)}`;
  expect(res.status, what).toBeLessThan(500);
  try {
    assertMatchesContract(route.method, url, res.status, res.headers.get('Content-Type') ?? '', res.json);
  } catch (err) {
    drift.add((err as Error).message.split('\n')[0]);
  }
  if (res.status >= 400) {
    expect(res.json?.error, what).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
      requestId: expect.any(String),
    });
    const after = await fingerprint();
    expect(after, `${what} wrote while refusing`).toBe(before);
    lastFingerprint = after;
  }
}

/** Values that broke or may break a handler past validation when given alone to one field. */
const EDGE_VALUES: unknown[] = [{}, null, [], '', '2023-02-30', -1, 'x'.repeat(5_000), [{}], { '': {} }];

describe('fuzzing the API from its OpenAPI document', () => {
  it("every field of every JSON body, alone, with each edge value, on the member's own ids", async () => {
    for (const route of fuzzed) {
      const schema = route.operation.requestBody?.content?.['application/json']?.schema;
      const pathValues = (route.operation.parameters ?? []).filter((p) => p.in === 'path').map(() => ownIds[0]);
      for (const property of Object.keys(schema?.properties ?? {})) {
        for (const value of EDGE_VALUES) {
          if (route.method !== 'DELETE') await check(route, pathValues, '', { [property]: value }, true);
        }
      }
    }
    expect([...drift], 'answers the contract does not declare').toEqual([]);
  }, 120_000);

  it(`${REQUESTS}+ generated bad requests on every route: no 5xx, the documented error body, nothing written when refused`, async () => {
    expect(fuzzed.length).toBeGreaterThan(30);
    const before = sent;
    for (const route of fuzzed) {
      await fc.assert(
        fc.asyncProperty(requestOf(route), async (input) => {
          const query = new URLSearchParams(input.query as Record<string, string>).toString();
          await check(route, input.path, query, input.body, input.signedIn);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
    }
    expect(sent - before).toBeGreaterThanOrEqual(REQUESTS);
    expect([...drift], 'answers the contract does not declare').toEqual([]);
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    console.log(`fuzz: ${sent} requests over ${fuzzed.length} routes`, Object.fromEntries(statuses));
  }, 120_000);
});
