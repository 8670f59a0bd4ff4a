import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackupSection } from './backup-section';

afterEach(cleanup);

/** The section, with fetch answering the restore as the test says. */
function renderSection(answer: () => Promise<Response>) {
  const fetched: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      fetched.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BackupSection farmId={7} />
    </QueryClientProvider>,
  );
  const choose = (text: string) =>
    fireEvent.change(screen.getByLabelText('バックアップファイル'), {
      target: { files: [new File([text], 'farm.json', { type: 'application/json' })] },
    });
  const confirm = () => {
    fireEvent.click(screen.getByRole('button', { name: 'この牧場に復元' }));
    const buttons = screen.getAllByRole('button', { name: 'この牧場に復元' });
    fireEvent.click(buttons[buttons.length - 1]);
  };
  return { fetched, choose, confirm };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const DOC = { format: 'ushicho-farm', version: 1, cattle: [], events: [] };

describe('BackupSection (restore a backup)', () => {
  it('empty: the restore cannot start without a file', () => {
    renderSection(() => Promise.resolve(json(200, {})));
    expect(screen.getByRole('button', { name: 'この牧場に復元' })).toHaveProperty('disabled', true);
  });

  it('invalid: a file that is not JSON is refused before anything is sent', async () => {
    const { fetched, choose, confirm } = renderSection(() => Promise.resolve(json(200, {})));
    choose('not json');
    confirm();
    await screen.findByText('バックアップファイルを読めませんでした');
    expect(fetched).toEqual([]);
  });

  it("server error: the API's message (a farm with animals) is shown in the dialog", async () => {
    const { choose, confirm } = renderSection(() =>
      Promise.resolve(
        json(409, {
          error: { code: 'FARM_NOT_EMPTY', message: '牛が登録されている牧場には復元できません', requestId: 'r1' },
        }),
      ),
    );
    choose(JSON.stringify(DOC));
    confirm();
    await screen.findByText('牛が登録されている牧場には復元できません');
  });

  it('saving, then saved: the confirm waits for the answer, then the counts are shown', async () => {
    let resolve: (r: Response) => void = () => {};
    const { fetched, choose, confirm } = renderSection(() => new Promise((r) => (resolve = r)));
    choose(JSON.stringify(DOC));
    confirm();
    await waitFor(() => expect(fetched).toHaveLength(1));
    expect(fetched[0]).toEqual({ url: '/api/v1/farms/7/restore', body: DOC });
    const pending = screen.getAllByRole('button', { name: 'この牧場に復元' });
    expect(pending[pending.length - 1]).toHaveProperty('disabled', true);
    resolve(json(200, { data: { counts: { cattle: 12, events: 340 } } }));
    await screen.findByText('復元しました（牛 12 頭、記録 340 件）');
  });
});
