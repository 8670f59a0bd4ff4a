import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';

/** Renders a screen part with its own query client (no retries, so a failed request shows at once). */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

/**
 * A request the test answers when it wants to: `call` stands in for the API function, each call's promise waits for
 * `resolve` or `reject`, so the form can be seen saving in between.
 */
export function deferred<T>() {
  const sent: unknown[] = [];
  let settle: { resolve: (value: T) => void; reject: (error: unknown) => void } | undefined;
  const call = (body?: unknown) => {
    sent.push(body);
    return new Promise<T>((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  const answered = () =>
    waitFor(() => {
      if (!settle) throw new Error('no request yet');
      return settle;
    });
  return {
    call,
    /** The first argument of each call: the request's body. */
    sent,
    /** Answers the last request (once it has been sent). */
    resolve: async (value: T) => (await answered()).resolve(value),
    reject: async (error: unknown) => (await answered()).reject(error),
  };
}

/** The button of a form by its label, as a button element. */
export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
