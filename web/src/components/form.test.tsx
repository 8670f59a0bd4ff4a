import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-error';
import { EmailField, FormError, SubmitButton, useSchemaForm } from './form';

const schema = z.object({ email: z.string().email('メールアドレスの形式が正しくありません') });

type Submit = (body: { email: string }) => Promise<{ message: string }>;

/** A one-field form on the kit. */
function Form({ submit }: { submit: Submit }) {
  const form = useSchemaForm({ schema, values: (data) => ({ email: String(data.get('email') ?? '') }), submit });
  if (form.result) return <p role="status">{form.result.message}</p>;
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <FormError message={form.message} />
      <EmailField label="メールアドレス" error={form.errors.email} />
      <SubmitButton pending={form.saving}>送信</SubmitButton>
    </form>
  );
}

/** The form, whose request answers when the test says so. */
function renderForm() {
  let answer: { resolve: (v: { message: string }) => void; reject: (e: unknown) => void } | undefined;
  const sent: unknown[] = [];
  const submit: Submit = (body) => {
    sent.push(body);
    return new Promise((resolve, reject) => {
      answer = { resolve, reject };
    });
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Form submit={submit} />
    </QueryClientProvider>,
  );
  const type = (value: string) => fireEvent.change(screen.getByLabelText('メールアドレス'), { target: { value } });
  const submitForm = () => fireEvent.click(screen.getByRole('button', { name: '送信' }));
  return { sent, type, submit: submitForm, answer: () => answer! };
}

afterEach(cleanup);

describe('useSchemaForm with EmailField', () => {
  it('starts empty: the email field is blank, required, and no error is shown', () => {
    renderForm();
    const email = screen.getByLabelText('メールアドレス') as HTMLInputElement;
    expect(email.value).toBe('');
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an invalid address in place, with the schema message, and sends nothing', () => {
    const form = renderForm();
    form.type('not-an-address');
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe('メールアドレスの形式が正しくありません');
    expect(screen.getByLabelText('メールアドレス').getAttribute('aria-invalid')).toBe('true');
    expect(form.sent).toEqual([]);
  });

  it('is saving while the request runs: the button is disabled and busy', async () => {
    const form = renderForm();
    form.type('hanako@example.jp');
    form.submit();
    const button = screen.getByRole('button', { name: '送信' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(form.sent).toEqual([{ email: 'hanako@example.jp' }]);
  });

  it("shows the API's 400 details beside the field", async () => {
    const form = renderForm();
    form.type('hanako@example.jp');
    form.submit();
    await waitFor(() => expect(form.answer()).toBeDefined());
    form
      .answer()
      .reject(
        new ApiError(400, 'VALIDATION_ERROR', '入力内容を確認してください', undefined, [
          { field: 'email', message: 'このメールアドレスは使用できません' },
        ]),
      );
    expect((await screen.findByRole('alert')).textContent).toBe('このメールアドレスは使用できません');
  });

  it('shows a server error without field details as the form message', async () => {
    const form = renderForm();
    form.type('hanako@example.jp');
    form.submit();
    await waitFor(() => expect(form.answer()).toBeDefined());
    form.answer().reject(new ApiError(500, 'INTERNAL_ERROR', 'サーバーでエラーが発生しました'));
    expect((await screen.findByRole('alert')).textContent).toBe('サーバーでエラーが発生しました');
  });

  it("is saved once the API answers: the form gives way to the answer's message", async () => {
    const form = renderForm();
    form.type('hanako@example.jp');
    form.submit();
    await waitFor(() => expect(form.answer()).toBeDefined());
    form.answer().resolve({ message: '送信しました' });
    expect((await screen.findByRole('status')).textContent).toBe('送信しました');
  });
});
