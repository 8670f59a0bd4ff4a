import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { routerStub } from '../../test/router-stub';
import { CompletePage } from './complete-page';

const api = vi.hoisted(() => ({ completeRegistration: vi.fn() }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/accounts', () => ({
  completeRegistration: api.completeRegistration,
  meQuery: { queryKey: ['accounts', 'me'], queryFn: async () => ({ theme: 'light' }) },
}));

const fill = (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(button('登録を完了する'));
};
const valid = { お名前: '山田 花子', パスワード: 'long-enough-1', 'パスワード（確認）': 'long-enough-1' };

let request: ReturnType<typeof deferred<{ token: string }>>;
beforeEach(() => {
  routerStub.navigated = [];
  request = deferred();
  api.completeRegistration.mockImplementation(request.call);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('CompletePage', () => {
  it('starts empty, the farm name suggested from the person', () => {
    renderWithQueries(<CompletePage token="mail-token" />);
    expect((screen.getByLabelText('お名前') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('お名前'), { target: { value: '山田' } });
    expect((screen.getByLabelText('牧場名') as HTMLInputElement).placeholder).toContain('山田');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a missing name and a mistyped confirmation in place', () => {
    renderWithQueries(<CompletePage token="mail-token" />);
    fill({ ...valid, お名前: '', 'パスワード（確認）': 'other-password' });
    expect(screen.getByLabelText('お名前').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('パスワードが一致しません')).toBeTruthy();
    expect(api.completeRegistration).not.toHaveBeenCalled();
  });

  it("is saving, then shows the API's field error in place", async () => {
    renderWithQueries(<CompletePage token="mail-token" />);
    fill(valid);
    await waitFor(() => expect(button('登録を完了する').disabled).toBe(true));
    expect(request.sent).toEqual([
      { token: 'mail-token', name: '山田 花子', farmName: undefined, password: 'long-enough-1' },
    ]);
    await request.reject(
      new ApiError(400, 'VALIDATION_ERROR', '入力内容を確認してください', undefined, [
        { field: 'farmName', message: '牧場名は50文字以内で入力してください' },
      ]),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('牧場名は50文字以内で入力してください');
  });

  it('shows an expired link as the form message', async () => {
    renderWithQueries(<CompletePage token="mail-token" />);
    fill(valid);
    await request.reject(new ApiError(400, 'INVALID_TOKEN', '無効なトークンです。', 'token'));
    expect((await screen.findByRole('alert')).textContent).toBe('無効なトークンです。');
  });

  it('signs in and goes home once saved', async () => {
    renderWithQueries(<CompletePage token="mail-token" />);
    fill(valid);
    await request.resolve({ token: 'tok-2' });
    await waitFor(() => expect(routerStub.navigated).toEqual([{ href: '/home' }]));
    expect(localStorage.getItem('ushicho.token')).toBe('tok-2');
  });
});
