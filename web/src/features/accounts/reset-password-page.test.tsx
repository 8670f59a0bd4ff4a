import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { ResetPasswordPage } from './reset-password-page';

const api = vi.hoisted(() => ({ confirmPasswordReset: vi.fn() }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/accounts', () => api);

const type = (password: string, confirm: string) => {
  fireEvent.change(screen.getByLabelText('新しいパスワード'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('新しいパスワード（確認）'), { target: { value: confirm } });
  fireEvent.click(button('パスワードを設定する'));
};

let request: ReturnType<typeof deferred<{ message: string }>>;
beforeEach(() => {
  request = deferred();
  api.confirmPasswordReset.mockImplementation(request.call);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('ResetPasswordPage', () => {
  it('starts with two empty password fields', () => {
    renderWithQueries(<ResetPasswordPage token="reset-token" />);
    expect((screen.getByLabelText('新しいパスワード') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without a token in the link, says the link is bad and offers a new mail', () => {
    renderWithQueries(<ResetPasswordPage token="" />);
    expect(screen.getByRole('alert').textContent).toBe('パスワード再設定リンクが無効か期限切れです');
    expect(screen.getByText('再設定メールをもう一度送る')).toBeTruthy();
  });

  it('refuses a short password and a confirmation that differs, sending nothing', () => {
    renderWithQueries(<ResetPasswordPage token="reset-token" />);
    type('short', 'short');
    expect(screen.getByRole('alert').textContent).toBe('パスワードは8文字以上で入力してください');
    type('long-enough-1', 'long-enough-2');
    expect(screen.getByRole('alert').textContent).toBe('パスワードが一致しません');
    expect(api.confirmPasswordReset).not.toHaveBeenCalled();
  });

  it('is saving while the API answers; a used token turns into the bad-link notice', async () => {
    renderWithQueries(<ResetPasswordPage token="reset-token" />);
    type('long-enough-1', 'long-enough-1');
    await waitFor(() => expect(button('パスワードを設定する').disabled).toBe(true));
    expect(request.sent).toEqual([{ token: 'reset-token', password: 'long-enough-1' }]);
    await request.reject(new ApiError(400, 'INVALID_TOKEN', 'パスワード再設定リンクが無効か期限切れです', 'token'));
    expect((await screen.findByRole('alert')).textContent).toBe('パスワード再設定リンクが無効か期限切れです');
  });

  it('shows a server failure as the form message', async () => {
    renderWithQueries(<ResetPasswordPage token="reset-token" />);
    type('long-enough-1', 'long-enough-1');
    await request.reject(new ApiError(500, 'INTERNAL_ERROR', 'サーバーでエラーが発生しました'));
    expect((await screen.findByRole('alert')).textContent).toBe('サーバーでエラーが発生しました');
  });

  it('once saved, signs this browser out and shows the API message', async () => {
    localStorage.setItem('ushicho.token', 'old');
    renderWithQueries(<ResetPasswordPage token="reset-token" />);
    type('long-enough-1', 'long-enough-1');
    await request.resolve({ message: 'パスワードを再設定しました。新しいパスワードでログインしてください。' });
    expect((await screen.findByRole('status')).textContent).toContain('パスワードを再設定しました');
    expect(localStorage.getItem('ushicho.token')).toBeNull();
  });
});
