import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { ACCOUNT_MAIL_QUEUE } from '../accounts/account-mail-queue';
import type { Env } from '../env';
import worker from '../index';
import { assertMatchesContract } from './contract';

export const testEnv = env as unknown as Env;

type Init = Omit<RequestInit, 'body'> & { body?: unknown; token?: string; env?: Partial<Env> };

let queued = 0;

/**
 * A queue binding that keeps what the request sent; `deliver` then hands it to the Worker's queue handler as one
 * batch, as the platform would after the answer (register and reset mail, decision 049).
 */
export function capturingQueue(queue: string) {
  const sent: unknown[] = [];
  const binding = {
    send: async (body: unknown) => {
      sent.push(body);
    },
    sendBatch: async (messages: Iterable<{ body: unknown }>) => {
      for (const m of messages) sent.push(m.body);
    },
  };
  async function deliver(on: Env) {
    const bodies = sent.splice(0);
    if (bodies.length === 0) return { acked: [] as string[], retried: [] as string[] };
    const messages = bodies.map((body) => ({ id: `${queue}-${++queued}`, timestamp: new Date(), attempts: 1, body }));
    const batch = createMessageBatch(queue, messages);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, on, ctx);
    const result = await getQueueResult(batch, ctx);
    return { acked: result.explicitAcks, retried: result.retryMessages.map((r: { msgId: string }) => r.msgId) };
  }
  return { binding, sent, deliver };
}

/**
 * Calls the Worker's fetch handler with the test D1, the way a client would. Register and reset mail the request put
 * on its queue is delivered to the consumer before this returns, so a test reads the outbox as it did before the queue.
 */
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
  const accountMail = capturingQueue(ACCOUNT_MAIL_QUEUE);
  const on = { ...testEnv, ACCOUNT_MAIL_QUEUE: accountMail.binding, ...init.env } as Env;
  const response = await worker.fetch(request, on, ctx);
  await waitOnExecutionContext(ctx);
  await accountMail.deliver(on);
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
