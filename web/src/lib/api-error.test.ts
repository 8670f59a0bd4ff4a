import { errorBodySchema } from '@worker/lib/error-body';
import { describe, expect, it } from 'vitest';
import { errorOf } from './api-error';

const bodies: unknown[] = [
  { error: { code: 'VALIDATION', message: '入力を確認してください', requestId: 'r1' } },
  { error: { code: 'VALIDATION', message: 'm', requestId: 'r1', field: 'earTag' } },
  { error: { code: 'VALIDATION', message: 'm', requestId: 'r1', issues: [{ field: 'a', message: 'b', extra: 1 }] } },
  { error: { code: 'X', message: 'm', requestId: 'r1', extra: true }, other: 1 },
  { error: { code: 'X', message: 'm' } },
  { error: { code: 'X', message: 'm', requestId: 3 } },
  { error: { code: 'X', message: 'm', requestId: 'r', field: null } },
  { error: { code: 'X', message: 'm', requestId: 'r', issues: [{ field: 'a' }] } },
  { error: { code: 'X', message: 'm', requestId: 'r', issues: 'a' } },
  { error: [] },
  { error: null },
  [],
  null,
  'Bad Gateway',
  42,
];

describe('errorOf', () => {
  it('reads an error body as the API schema reads it (worker/lib/error-body.ts)', () => {
    for (const body of bodies) {
      const parsed = errorBodySchema.safeParse(body);
      expect(errorOf(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data.error : null);
    }
  });

  it('keeps the field errors and drops what the schema does not name', () => {
    expect(errorOf(bodies[2])).toEqual({
      code: 'VALIDATION',
      message: 'm',
      requestId: 'r1',
      issues: [{ field: 'a', message: 'b' }],
    });
  });
});
