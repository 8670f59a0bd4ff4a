import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '../../api/accounts';
import { ApiError } from '../../lib/api-error';
import { LicenseForm } from './license-form';

function renderForm(license: string | null = null) {
  const sent: (string | null)[] = [];
  let answer: { resolve: (v: Me) => void; reject: (e: unknown) => void } | undefined;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LicenseForm
        license={license}
        submit={(value) => {
          sent.push(value);
          return new Promise((resolve, reject) => {
            answer = { resolve, reject };
          });
        }}
      />
    </QueryClientProvider>,
  );
  const input = () => screen.getByLabelText('家畜人工授精師 免許番号') as HTMLInputElement;
  return {
    sent,
    input,
    type: (value: string) => fireEvent.change(input(), { target: { value } }),
    submit: () => fireEvent.click(screen.getByRole('button', { name: '保存' })),
    answer: () => answer!,
  };
}

afterEach(cleanup);

describe('LicenseForm', () => {
  it('starts empty, or with the stored licence', () => {
    expect(renderForm().input().value).toBe('');
    cleanup();
    expect(renderForm('北海道 第1号').input().value).toBe('北海道 第1号');
  });

  it('refuses more than 40 characters in place', () => {
    const form = renderForm();
    form.type('x'.repeat(41));
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe('免許番号は40文字以下で入力してください');
    expect(form.sent).toEqual([]);
  });

  it('sends the licence (empty clears it), is saving, then saved', async () => {
    const form = renderForm('old');
    form.type('');
    form.submit();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(form.sent).toEqual([null]);
    form.answer().resolve({ inseminatorLicense: null } as Me);
    expect((await screen.findByRole('status')).textContent).toBe('免許番号を保存しました');
  });

  it('shows a server error', async () => {
    const form = renderForm();
    form.type('北海道 第2号');
    form.submit();
    await waitFor(() => expect(form.answer()).toBeDefined());
    form.answer().reject(new ApiError(500, 'INTERNAL_ERROR', 'サーバーでエラーが発生しました'));
    expect((await screen.findByRole('alert')).textContent).toBe('サーバーでエラーが発生しました');
  });
});
