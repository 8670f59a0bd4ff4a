import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEVELOPMENT_TURNSTILE_TOKEN } from '@worker/waiting-list/waiting-list.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { WaitingListForm } from './waiting-list-form';

const api = vi.hoisted(() => ({ preRegister: vi.fn() }));
vi.mock('../../api/accounts', () => ({
  preRegister: api.preRegister,
  // Development: no site key, verification skipped, so the development token stands in.
  waitingListConfigQuery: {
    queryKey: ['waiting-list', 'config'],
    queryFn: async () => ({ turnstileSiteKey: null, turnstileRequired: false }),
  },
}));

const EMAIL = 'メールアドレス';
const SUBMIT = '事前登録する';
const join = async (email: string) => {
  await screen.findByText('開発環境のため、ボット確認を省略して送信できます。');
  fireEvent.change(screen.getByLabelText(EMAIL), { target: { value: email } });
  fireEvent.click(button(SUBMIT));
};

let request: ReturnType<typeof deferred<{ email: string; alreadyRegistered: boolean }>>;
beforeEach(() => {
  request = deferred();
  api.preRegister.mockImplementation(request.call);
});
afterEach(cleanup);

describe('WaitingListForm', () => {
  it('starts empty, no source chosen', () => {
    renderWithQueries(<WaitingListForm />);
    expect((screen.getByLabelText(EMAIL) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('牛帳を知ったきっかけ') as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a malformed address, sending nothing', async () => {
    renderWithQueries(<WaitingListForm />);
    await join('farmer@');
    expect(screen.getByLabelText(EMAIL).getAttribute('aria-invalid')).toBe('true');
    expect(api.preRegister).not.toHaveBeenCalled();
  });

  it('is saving, then shows a refused token beside the bot check', async () => {
    renderWithQueries(<WaitingListForm />);
    await join('farmer@example.jp');
    await waitFor(() => expect(button(SUBMIT).disabled).toBe(true));
    expect(request.sent).toEqual([
      {
        email: 'farmer@example.jp',
        referralSource: undefined,
        locale: 'ja',
        turnstileToken: DEVELOPMENT_TURNSTILE_TOKEN,
      },
    ]);
    await request.reject(new ApiError(400, 'TURNSTILE_FAILED', 'Turnstile検証に失敗しました', 'turnstileToken'));
    expect((await screen.findByRole('alert')).textContent).toBe('Turnstile検証に失敗しました');
  });

  it('thanks the visitor once registered, and can start again', async () => {
    renderWithQueries(<WaitingListForm />);
    await join('farmer@example.jp');
    await request.resolve({ email: 'farmer@example.jp', alreadyRegistered: false });
    expect((await screen.findByRole('status')).textContent).toContain('事前登録ありがとうございます');
    fireEvent.click(button('別のメールアドレスを登録する'));
    expect((screen.getByLabelText(EMAIL) as HTMLInputElement).value).toBe('');
  });
});
