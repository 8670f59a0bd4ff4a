import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NewPasswordFields } from './new-password-fields';

afterEach(cleanup);

const labels = { password: '新しいパスワード', confirm: '新しいパスワード（確認）', hint: '8〜128文字。' };

describe('NewPasswordFields', () => {
  it('writes the pair as the browser saves a new password: name and nameConfirm, required, the hint under the first', () => {
    render(<NewPasswordFields name="newPassword" labels={labels} errors={{}} />);
    const password = screen.getByLabelText('新しいパスワード') as HTMLInputElement;
    const confirm = screen.getByLabelText('新しいパスワード（確認）') as HTMLInputElement;
    expect([password.name, confirm.name]).toEqual(['newPassword', 'newPasswordConfirm']);
    expect([password.type, confirm.type]).toEqual(['password', 'password']);
    expect([password.autocomplete, confirm.autocomplete]).toEqual(['new-password', 'new-password']);
    expect(password.required && confirm.required).toBe(true);
    expect(screen.getByText('8〜128文字。').id).toBe(password.getAttribute('aria-describedby'));
  });

  it('shows each field its own error in place of the hint (name defaults to password)', () => {
    render(
      <NewPasswordFields
        labels={labels}
        errors={{ password: 'パスワードは8文字以上', passwordConfirm: 'パスワードが一致しません' }}
      />,
    );
    const password = screen.getByLabelText('新しいパスワード') as HTMLInputElement;
    const confirm = screen.getByLabelText('新しいパスワード（確認）') as HTMLInputElement;
    expect(password.name).toBe('password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('パスワードは8文字以上').id).toBe(password.getAttribute('aria-describedby'));
    expect(screen.getByText('パスワードが一致しません').id).toBe(confirm.getAttribute('aria-describedby'));
    expect(screen.queryByText('8〜128文字。')).toBeNull();
  });
});
