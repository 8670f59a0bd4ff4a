import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CattleDetail } from '../../api/cattle';
import { ApiError } from '../../lib/api-error';
import { deferred, renderWithQueries } from '../../test/render';
import { StatusDialog } from './status-dialog';

const api = vi.hoisted(() => ({ changeCattleStatus: vi.fn() }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/cattle', () => ({ changeCattleStatus: api.changeCattleStatus, cattleKeys: { all: ['cattle'] } }));

const cow = { cattleId: 12, status: 'HEALTHY' } as CattleDetail;
const REASON = '理由（任意）';
const submit = () => screen.getAllByRole('button', { name: '状態を変更' }).at(-1) as HTMLButtonElement;

let request: ReturnType<typeof deferred<unknown>>;
let closed: number;
beforeEach(() => {
  request = deferred();
  api.changeCattleStatus.mockImplementation((id: number, body: unknown) => request.call({ id, body }));
  closed = 0;
});
afterEach(cleanup);

const renderDialog = () => renderWithQueries(<StatusDialog cow={cow} open onClose={() => closed++} />);

describe('StatusDialog', () => {
  it('opens on the first status other than the animal’s, with no reason', () => {
    renderDialog();
    expect((screen.getByLabelText('新しい状態') as HTMLSelectElement).value).toBe('PREGNANT');
    expect((screen.getByLabelText(REASON) as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses a reason over 500 characters, sending nothing', () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: 'あ'.repeat(501) } });
    fireEvent.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('理由は500文字以下で入力してください');
    expect(api.changeCattleStatus).not.toHaveBeenCalled();
  });

  it('is saving, then shows a refused change', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('新しい状態'), { target: { value: 'TREATING' } });
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: '右後肢の蹄病' } });
    fireEvent.click(submit());
    await waitFor(() => expect(submit().disabled).toBe(true));
    expect(request.sent).toEqual([{ id: 12, body: { status: 'TREATING', reason: '右後肢の蹄病' } }]);
    await request.reject(new ApiError(409, 'CONFLICT', '出荷済みの牛の状態は変更できません'));
    expect((await screen.findByRole('alert')).textContent).toBe('出荷済みの牛の状態は変更できません');
    expect(closed).toBe(0);
  });

  it('closes once saved', async () => {
    renderDialog();
    fireEvent.click(submit());
    await request.resolve({});
    await waitFor(() => expect(closed).toBe(1));
  });
});
