import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { Env } from '../env';
import worker from '../index';
import { assertMatchesContract } from './contract';

export const testEnv = env as unknown as Env;

type Init = Omit<RequestInit, 'body'> & { body?: unknown; token?: string; env?: Partial<Env> };

/** Calls the Worker's fetch handler with the test D1, the way a client would. */
export async function api(path: string, init: Init = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  let body: BodyInit | undefined;
  if (init.body !== undefined) {
    if (typeof init.body === 'string' || init.body instanceof Uint8Array) body = init.body as BodyInit;
    else {
      body = JSON.stringify(init.body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
  }
  const request = new Request(`http://127.0.0.1:8787/api/v1${path}`, { ...init, headers, body });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...testEnv, ...init.env } as Env, ctx);
  await waitOnExecutionContext(ctx);
  // The raw bytes for binary downloads (.xlsx); the text keeps a BOM visible: CSV downloads must start with one.
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true, fatal: false }).decode(bytes);
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  assertMatchesContract(init.method ?? 'GET', path, response.status, response.headers.get('Content-Type') ?? '', json);
  return { status: response.status, headers: response.headers, json, text, bytes };
}

let counter = 0;
export const uniqueEmail = (prefix = 'farmer') => `${prefix}-${Date.now()}-${++counter}@example.jp`;

/** Registers, verifies and completes an account through the API; returns its token and id. */
export async function signUp(options: { email?: string; password?: string; name?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'barn-password-1';
  await api('/auth/register', { method: 'POST', body: { email } });
  const token = await latestVerificationToken(email);
  const done = await api('/auth/complete', {
    method: 'POST',
    body: { token, name: options.name ?? '牧場 太郎', password },
  });
  if (done.status !== 200) throw new Error(`complete failed: ${done.text}`);
  const login = await api('/auth/login', { method: 'POST', body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
  const session = login.json.token as string;
  const farms = await api('/farms', { token: session });
  return {
    email,
    password,
    token: session,
    userId: login.json.user.id as number,
    farmId: farms.json.data[0].id as number,
  };
}

export async function latestVerificationToken(email: string): Promise<string> {
  const outbox = await api(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const text: string = outbox.json.data[0]?.text ?? '';
  const match = /verify\?token=([\w%-]+)/.exec(text);
  if (!match) throw new Error(`no verification mail for ${email}`);
  return decodeURIComponent(match[1]);
}
