import { ERRORS } from '@sangam/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsDeleteForm } from '@/features/account/components/settings-delete-form';
import { errorOfResponse } from '@/lib/app-error';
import { authApi } from '@/lib/auth/auth-api';

afterEach(() => vi.restoreAllMocks());

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SettingsDeleteForm', () => {
  it('asks for the password when the sign-in is not recent, then deletes with it', async () => {
    const calls: unknown[] = [];
    vi.spyOn(authApi, 'deleteBySettings').mockImplementation(async (body) => {
      calls.push(body);
      if (!body.password) throw errorOfResponse(403, { code: 'RECENT_AUTH_REQUIRED', detail: ERRORS.RECENT_AUTH_REQUIRED.detail });
      return { message: 'Account deleted successfully' };
    });
    const onDeleted = vi.fn();
    render(<SettingsDeleteForm accountEmail="asha@example.com" onDeleted={onDeleted} />);
    fill('Type your account email', 'Asha@Example.com');
    fill('Type DELETE to confirm', 'DELETE');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText(ERRORS.RECENT_AUTH_REQUIRED.detail)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Delete Account' });
    expect(button).toBeDisabled();
    fill('Password', 'Str0ng!pass');
    expect(button).toBeEnabled();
    fireEvent.click(button);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('Account deleted successfully'));
    expect(calls).toEqual([
      { email: 'Asha@Example.com', confirmation: 'DELETE' },
      { email: 'Asha@Example.com', confirmation: 'DELETE', password: 'Str0ng!pass' },
    ]);
  });

  it('deletes at once after a recent sign-in, without a password field', async () => {
    vi.spyOn(authApi, 'deleteBySettings').mockResolvedValue({ message: 'Account deleted successfully' });
    const onDeleted = vi.fn();
    render(<SettingsDeleteForm accountEmail="asha@example.com" onDeleted={onDeleted} />);
    expect(screen.queryByLabelText('Password')).toBeNull();
    fill('Type your account email', 'asha@example.com');
    fill('Type DELETE to confirm', 'DELETE');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('Account deleted successfully'));
  });
});
