import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { AdminSignIn } from './admin-sign-in';

const api = vi.hoisted(() => ({ checkAdminCredentials: vi.fn() }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/admin', () => ({
  checkAdminCredentials: api.checkAdminCredentials,
  basicHeader: (user: string, password: string) => `Basic ${user}:${password}`,
}));

const signIn = (user: string, password: string) => {
  fireEvent.change(screen.getByLabelText('ユーザー名'), { target: { value: user } });
  fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: password } });
  fireEvent.click(button('ログイン'));
};

let request: ReturnType<typeof deferred<string>>;
let signedIn: string[];
beforeEach(() => {
  request = deferred();
  api.checkAdminCredentials.mockImplementation(request.call);
  signedIn = [];
});
afterEach(cleanup);

const renderSignIn = (notice: string | null = null) =>
  renderWithQueries(<AdminSignIn notice={notice} onSignedIn={(header) => signedIn.push(header)} />);

describe('AdminSignIn', () => {
  it('starts empty, showing the notice it was given', () => {
    renderSignIn('ログインし直してください');
    expect((screen.getByLabelText('ユーザー名') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('ログインし直してください');
  });

  it('asks for both fields, sending nothing', () => {
    renderSignIn();
    signIn('', '');
    expect(screen.getByText('ユーザー名を入力してください')).toBeTruthy();
    expect(screen.getByText('パスワードを入力してください')).toBeTruthy();
    expect(api.checkAdminCredentials).not.toHaveBeenCalled();
  });

  it('is saving, then words a 401 as wrong credentials', async () => {
    renderSignIn();
    signIn('admin', 'wrong');
    await waitFor(() => expect(button('ログイン').disabled).toBe(true));
    expect(request.sent).toEqual(['Basic admin:wrong']);
    await request.reject(new ApiError(401, 'UNAUTHORIZED', 'Unauthorized'));
    expect((await screen.findByRole('alert')).textContent).toBe('ユーザー名またはパスワードが正しくありません');
  });

  it('hands the header on once the API accepts it', async () => {
    renderSignIn();
    signIn('admin', 'right');
    await request.resolve('Basic admin:right');
    await waitFor(() => expect(signedIn).toEqual(['Basic admin:right']));
  });
});
