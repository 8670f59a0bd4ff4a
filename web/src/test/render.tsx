import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';

/** Renders a screen part with its own query client (no retries, so a failed request shows at once). */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

/**
 * Requests the test answers when it wants to: `call` stands in for the API function, each call's promise waits for
 * `resolve` or `reject` (which answer the oldest unanswered call, once it has been made), so the form can be seen
 * saving in between.
 */
export function deferred<T>() {
  const sent: unknown[] = [];
  const waiting: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const call = (body?: unknown) => {
    sent.push(body);
    return new Promise<T>((resolve, reject) => {
      waiting.push({ resolve, reject });
    });
  };
  const next = async () => {
    await waitFor(() => {
      if (waiting.length === 0) throw new Error('no request waits for an answer');
    });
    return waiting.shift() as (typeof waiting)[number];
  };
  return {
    call,
    /** The first argument of each call: the request's body. */
    sent,
    resolve: async (value: T) => (await next()).resolve(value),
    reject: async (error: unknown) => (await next()).reject(error),
  };
}

/** The button of a form by its label, as a button element. */
export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
