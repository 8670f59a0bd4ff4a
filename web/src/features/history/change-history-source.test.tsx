import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../test/render';
import { ChangeHistory } from './change-history';

const api = vi.hoisted(() => ({
  fetchAuditPage: vi.fn(),
  historyKeys: { audit: (filter: unknown) => ['history', 'audit', filter] },
}));
vi.mock('../../api/history', () => api);
afterEach(cleanup);

const row = (id: number, changes: Record<string, [unknown, unknown]>) => ({
  id,
  at: '2026-11-28T03:00:00.000Z',
  userId: 2,
  userName: '田中 健太',
  action: 'create',
  entity: 'event',
  entityId: String(id),
  changes,
});

describe('ChangeHistory: where a write came from (docs/product.md §15.1)', () => {
  it("says 'LINEから' in the head of a row from LINE, and not as a changed field", async () => {
    api.fetchAuditPage.mockResolvedValue({
      data: [
        row(1, { eventType: [null, 'WEIGHT_MEASURED'], source: [null, 'line'] }),
        row(2, { eventType: [null, 'ESTRUS'], source: [null, 'web'] }),
      ],
      nextCursor: null,
    });
    renderWithQueries(<ChangeHistory />);
    const items = await screen.findAllByRole('listitem');
    const heads = items.filter((li) => li.classList.contains('history-item'));
    expect(heads).toHaveLength(2);
    expect(heads[0].textContent).toContain('LINEから');
    expect(heads[1].textContent).not.toContain('LINEから');
    expect(screen.queryByText(/^source/)).toBeNull();
  });
});
