import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { addMonths, jstMonth } from '@worker/domain/calendar';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { PlanForm } from './plan-form';
import './messages';

const api = vi.hoisted(() => ({ create: vi.fn() }));
vi.mock('./mutations', () => ({ usePlanMutations: () => ({ create: { mutateAsync: api.create } }) }));
// The picker's search is its own concern: here it only shows the form's error for the animal.
vi.mock('./animal-picker', () => ({
  AnimalPicker: ({ error }: { error?: string }) => (
    <p role="alert" data-testid="picker">
      {error}
    </p>
  ),
}));

const steer = { cattleId: 42, name: 'てすと号', earTagNumber: '1234567890', identificationNumber: '1234567890' };
const nextMonth = addMonths(jstMonth(), 1);

let request: ReturnType<typeof deferred<unknown>>;
let done: string[];
beforeEach(() => {
  request = deferred();
  api.create.mockImplementation(request.call);
  done = [];
});
afterEach(cleanup);

const renderPlan = (animal: typeof steer | null) =>
  renderWithQueries(<PlanForm animal={animal} onDone={(m) => done.push(m)} onCancel={() => {}} />);

describe('PlanForm', () => {
  it('starts on next month, for the animal it was opened on', () => {
    renderPlan(steer);
    expect((screen.getByLabelText('出荷予定月') as HTMLSelectElement).value).toBe(nextMonth);
    expect(screen.getByText('てすと号', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a plan without an animal, sending nothing', () => {
    renderPlan(null);
    fireEvent.click(button('予定に入れる'));
    expect(screen.getByTestId('picker').textContent).not.toBe('');
    expect(api.create).not.toHaveBeenCalled();
  });

  it("is saving, then shows the API's refusal", async () => {
    renderPlan(steer);
    fireEvent.click(button('予定に入れる'));
    await waitFor(() => expect(button('予定に入れる').disabled).toBe(true));
    expect(request.sent).toEqual([{ cattleId: 42, plannedShipmentMonth: nextMonth }]);
    await request.reject(new ApiError(409, 'CONFLICT', 'この牛はすでに出荷されています'));
    expect((await screen.findByRole('alert')).textContent).toBe('この牛はすでに出荷されています');
  });

  it('hands the saved message to the screen once planned', async () => {
    renderPlan(steer);
    fireEvent.click(button('予定に入れる'));
    await request.resolve({});
    await waitFor(() => expect(done).toEqual(['出荷予定に入れました']));
  });
});
