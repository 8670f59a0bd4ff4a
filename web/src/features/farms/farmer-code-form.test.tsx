import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FarmPatch } from '../../api/filings';
import { ApiError } from '../../lib/api-error';
import { FarmerCodeForm } from './farmer-code-form';

function renderForm(farmerCode: string | null = null) {
  const sent: FarmPatch[] = [];
  let answer: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FarmerCodeForm
        farmId={1}
        farmerCode={farmerCode}
        submit={(input) => {
          sent.push(input);
          return new Promise((resolve, reject) => {
            answer = { resolve, reject };
          });
        }}
      />
    </QueryClientProvider>,
  );
  const input = () => screen.getByLabelText('農家コード（NLBC）') as HTMLInputElement;
  return {
    sent,
    input,
    type: (value: string) => fireEvent.change(input(), { target: { value } }),
    submit: () => fireEvent.click(screen.getByRole('button', { name: '保存' })),
    answer: () => answer!,
  };
}

afterEach(cleanup);

describe('FarmerCodeForm', () => {
  it('starts empty (or with the stored code) and shows no error', () => {
    expect(renderForm().input().value).toBe('');
    cleanup();
    expect(renderForm('0123').input().value).toBe('0123');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses letters and 11 digits in place', () => {
    const form = renderForm();
    for (const value of ['ABC', '12345678901']) {
      form.type(value);
      form.submit();
      expect(screen.getByRole('alert').textContent).toBe('農家コードは1〜10桁の数字で入力してください');
    }
    expect(form.sent).toEqual([]);
  });

  it('sends the digits (full-width accepted), is saving, then saved', async () => {
    const form = renderForm();
    form.type('０１２３４');
    form.submit();
    const button = screen.getByRole('button', { name: '保存' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(form.sent).toEqual([{ farmerCode: '01234' }]);
    form.answer().resolve({ id: 1, name: '牧場', farmerCode: '01234' });
    expect((await screen.findByRole('status')).textContent).toBe('農家コードを保存しました');
  });

  it("shows the API's field error and other errors", async () => {
    const form = renderForm();
    form.type('1');
    form.submit();
    await waitFor(() => expect(form.answer()).toBeDefined());
    form.answer().reject(new ApiError(403, 'FORBIDDEN', 'この操作には owner 以上の権限が必要です'));
    expect((await screen.findByRole('alert')).textContent).toBe('この操作には owner 以上の権限が必要です');
  });
});
