import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Farm } from '../../api/farms';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { InviteCard } from './invite-card';

const api = vi.hoisted(() => ({ inviteMember: vi.fn() }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/farms', () => ({
  inviteMember: api.inviteMember,
  farmKeys: { invitations: (farmId: number) => ['farms', farmId, 'invitations'] },
  invitationsQuery: (farmId: number) => ({ queryKey: ['farms', farmId, 'invitations'], queryFn: async () => [] }),
}));

const farm = { id: 3, name: '山田牧場', role: 'owner' } as Farm;
const EMAIL = 'メールアドレス';
const invite = (email: string, role = 'viewer') => {
  fireEvent.change(screen.getByLabelText(EMAIL), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('役割'), { target: { value: role } });
  fireEvent.click(button('招待する'));
};

let request: ReturnType<typeof deferred<{ email: string }>>;
beforeEach(() => {
  request = deferred();
  api.inviteMember.mockImplementation((farmId: number, input: unknown) => request.call({ farmId, input }));
});
afterEach(cleanup);

describe('InviteCard', () => {
  it('starts with an empty address, the staff role, and no invitations pending', async () => {
    renderWithQueries(<InviteCard farm={farm} />);
    expect((screen.getByLabelText(EMAIL) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('役割') as HTMLSelectElement).value).toBe('staff');
    expect(await screen.findByText('参加待ちの招待はありません')).toBeTruthy();
  });

  it('refuses a malformed address, sending nothing', () => {
    renderWithQueries(<InviteCard farm={farm} />);
    invite('yamada@');
    expect(screen.getByLabelText(EMAIL).getAttribute('aria-invalid')).toBe('true');
    expect(api.inviteMember).not.toHaveBeenCalled();
  });

  it("is saving, then shows the API's refusal beside the address", async () => {
    renderWithQueries(<InviteCard farm={farm} />);
    invite('hanako@example.jp');
    await waitFor(() => expect(button('招待する').disabled).toBe(true));
    expect(request.sent).toEqual([{ farmId: 3, input: { email: 'hanako@example.jp', role: 'viewer' } }]);
    await request.reject(new ApiError(409, 'ALREADY_MEMBER', 'このユーザーはすでにメンバーです', 'email'));
    expect((await screen.findByRole('alert')).textContent).toBe('このユーザーはすでにメンバーです');
  });

  it('once sent, says so and empties the form', async () => {
    renderWithQueries(<InviteCard farm={farm} />);
    invite('hanako@example.jp');
    await request.resolve({ email: 'hanako@example.jp' });
    expect((await screen.findByRole('status')).textContent).toBe('hanako@example.jp に招待メールを送りました');
    expect((screen.getByLabelText(EMAIL) as HTMLInputElement).value).toBe('');
  });
});
