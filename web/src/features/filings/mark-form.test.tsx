import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { addDays, todayJst } from '@worker/domain/calendar';
import { afterEach, describe, expect, it } from 'vitest';
import type { Filing, MarkFilingsInput } from '../../api/filings';
import { ApiError } from '../../lib/api-error';
import '../../lib/messages';
import { MarkFiledForm } from './mark-form';

function renderForm(ids = [7, 9], missing: string[] = []) {
  const sent: MarkFilingsInput[] = [];
  let answer: { resolve: (v: Filing[]) => void; reject: (e: unknown) => void } | undefined;
  const saved: Filing[][] = [];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MarkFiledForm
        ids={ids}
        missing={missing}
        onSaved={(f) => saved.push(f)}
        submit={(input) => {
          sent.push(input);
          return new Promise((resolve, reject) => {
            answer = { resolve, reject };
          });
        }}
      />
    </QueryClientProvider>,
  );
  const date = () => screen.getByLabelText('届出日') as HTMLInputElement;
  return {
    sent,
    saved,
    date,
    type: (value: string) => fireEvent.change(date(), { target: { value } }),
    submit: () => fireEvent.click(screen.getByRole('button', { name: '届出済みにする' })),
    answer: () => answer!,
  };
}

afterEach(cleanup);

describe('MarkFiledForm', () => {
  it('starts with today as the filing date, required, and no error', () => {
    const form = renderForm();
    expect(form.date().value).toBe(todayJst());
    expect(form.date().required).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an empty or a future date in place and sends nothing; asks for a selection', () => {
    const form = renderForm();
    form.type('');
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe('届出日はYYYY-MM-DD形式で入力してください');
    form.type(addDays(todayJst(), 1));
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe('届出日に未来の日付は指定できません');
    expect(form.sent).toEqual([]);
    cleanup();
    const none = renderForm([]);
    none.submit();
    expect(screen.getByRole('alert').textContent).toBe('届出を選んでください');
    expect(none.sent).toEqual([]);
  });

  it('is saving while the request runs, then saved', async () => {
    const form = renderForm();
    form.type('2026-04-12');
    form.submit();
    const button = screen.getByRole('button', { name: '届出済みにする' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(form.sent).toEqual([{ ids: [7, 9], filed: true, filedAt: '2026-04-12' }]);
    form.answer().resolve([{ id: 7 } as Filing, { id: 9 } as Filing]);
    expect((await screen.findByRole('status')).textContent).toBe('2件を届出済みにしました');
    expect(form.saved).toHaveLength(1);
  });

  it('shows a server error as the form message', async () => {
    const form = renderForm();
    form.submit();
    await waitFor(() => expect(form.answer()).toBeDefined());
    form.answer().reject(new ApiError(404, 'FILING_NOT_FOUND', '届出が見つかりません'));
    expect((await screen.findByRole('alert')).textContent).toBe('届出が見つかりません');
  });

  it('asks first when a selected filing misses fields, and sends acceptMissing only after yes', async () => {
    const form = renderForm([7], ['identificationNumber']);
    form.type('2026-04-12');
    form.submit();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('h2')?.textContent).toBe('個体識別番号が未入力です。届出済みにしますか？');
    expect(form.sent).toEqual([]);
    // No: nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(form.sent).toEqual([]);
    // Asked again, yes: sent with acceptMissing.
    form.submit();
    const confirm = (await screen.findAllByRole('button', { name: '届出済みにする' })).find((b) =>
      b.closest('dialog'),
    ) as HTMLButtonElement;
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(form.sent).toEqual([{ ids: [7], filed: true, filedAt: '2026-04-12', acceptMissing: true }]),
    );
  });

  it('does not ask about a bad date: it says what is wrong with it first', () => {
    const form = renderForm([7], ['identificationNumber']);
    form.type('');
    form.submit();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('届出日はYYYY-MM-DD形式で入力してください');
  });
});
