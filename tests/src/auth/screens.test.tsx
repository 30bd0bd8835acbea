// @vitest-environment jsdom
// The auth screens on the real router and statechart (network effects faked): what a parent sees for
// each outcome — messages on blur and on submit, server field errors next to their fields with nothing
// typed lost (chosen files included), the 409 teacher branch, the code screen's messages and countdown.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, otpRefused, teacher as teacherAccount } from '../../machines/auth-fakes';
import { toast } from '../../../src/ui/toast-store';
import { renderAuth } from './render-auth';

beforeEach(() => toast.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('student sign-up', () => {
  it('shows the Arabic-name rule on blur and every required field on submit, sending nothing', async () => {
    const { fake } = await renderAuth('/sign-up');
    const user = userEvent.setup();
    const first = screen.getByRole('textbox', { name: "Your child's first name" });
    await user.type(first, 'Sara');
    await user.tab();
    await waitFor(() => expect(errorOf(first)).toContain('English name not allowed'));

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const last = screen.getByRole('textbox', { name: "Your child's last name" });
    await waitFor(() => expect(errorOf(last)).toContain('This field is required'));
    await waitFor(() => expect(errorOf(screen.getByRole('textbox', { name: 'Phone number' }))).toContain('This field is required'));
    await waitFor(() =>
      expect(screen.getByRole('radiogroup', { name: /Your child's gender/ }).textContent).toContain('This field is required'),
    );
    expect(fake.called('registerStudent')).toHaveLength(0);
    expect((first as HTMLInputElement).value).toBe('Sara');
  });

  it('a phone that belongs to a teacher lands on the teacher sign-in tab with a message', async () => {
    const { fake, router } = await renderAuth('/sign-up', {
      registerStudent: () => {
        throw apiError(409, { type: ['instructor'] });
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: "Your child's first name" }), 'سارة');
    await user.type(screen.getByRole('textbox', { name: "Your child's last name" }), 'أحمد');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '55123456');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    const phase = screen.getByRole('combobox', { name: "Your child's school phase" });
    await waitFor(() => expect(within(phase).getByRole('option', { name: 'Grade 1' })).toBeTruthy());
    await user.selectOptions(phase, '2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(fake.called('registerStudent')[0]?.input).toEqual({
      phone: '+97455123456',
      countryCode: 'QA',
      // The device's zone goes with the sign-up.
      fields: {
        first_name: 'سارة',
        last_name: 'أحمد',
        gender: 'female',
        phase_id: 2,
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    });
    expect(await screen.findByTestId('auth-notice')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Teacher' }).getAttribute('aria-selected')).toBe('true');
    // The teacher can sign in with the phone they just typed.
    expect((screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toContain('55123456');
  });
});

describe('teacher sign-up', () => {
  const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'front.png', { type: 'image/png' });
  const pdf = new File(['%PDF-1.4\n'], 'degree.pdf', { type: 'application/pdf' });

  it('sends multipart; a 400 puts the server messages next to their fields and keeps everything typed and chosen', async () => {
    const { fake } = await renderAuth('/sign-up?as=teacher', {
      registerTeacher: () => {
        throw apiError(400, { email: ['This email is already registered'], 'subjects.0': ['Unknown subject'] }, 'Invalid data');
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'سارة');
    await user.type(screen.getByRole('textbox', { name: 'Second name' }), 'محمد');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'أحمد');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '55123456');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'sara@example.com');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    fireEvent.change(screen.getByLabelText('Birth date'), { target: { value: '1990-05-20' } });
    await user.type(screen.getByRole('textbox', { name: 'Years of experience' }), '7');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Education qualification' }), 'master');
    const country = screen.getByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(within(country).getByRole('option', { name: 'Egypt' })).toBeTruthy());
    await user.selectOptions(country, 'EG');
    await user.click(await screen.findByRole('checkbox', { name: 'Grade 1' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Quran' }));
    const password = screen.getByLabelText('Password');
    await user.type(password, 'Secret123');
    expect(screen.getByText('Medium')).toBeTruthy();
    await user.type(screen.getByLabelText('Confirm password'), 'Secret123');
    await user.upload(screen.getByLabelText('ID card (front)'), png);
    await user.upload(screen.getByLabelText('ID card (back)'), png);
    await user.upload(screen.getByLabelText('Qualification scan'), pdf);
    await user.click(screen.getByRole('button', { name: 'Create teacher account' }));

    const email = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    await waitFor(() => expect(errorOf(email)).toContain('This email is already registered'));
    expect(screen.getByRole('group', { name: /Subjects you teach/ }).textContent).toContain('Unknown subject');
    expect(toast.getSnapshot().at(-1)).toMatchObject({
      severity: 'error',
      detail: expect.stringContaining('This email is already registered'),
    });

    const payload = fake.called('registerTeacher')[0]?.input as { payload: FormData };
    expect(payload.payload).toBeInstanceOf(FormData);
    const sent = payload.payload;
    expect(Object.fromEntries([...sent.entries()].filter(([, v]) => typeof v === 'string'))).toMatchObject({
      type: 'instructor',
      first_name: 'سارة',
      second_name: 'محمد',
      last_name: 'أحمد',
      phone: '+97455123456',
      country_code: 'QA',
      email: 'sara@example.com',
      gender: 'female',
      birth_date: '1990-05-20',
      experience_years: '7',
      qualification: 'master',
      country: 'EG',
      password: 'Secret123',
      password_confirmation: 'Secret123',
    });
    expect(sent.getAll('phases[]')).toEqual(['2']);
    expect(sent.getAll('subjects[]')).toEqual(['10']);
    expect((sent.get('qualification_scan') as File).name).toBe('degree.pdf');

    // Nothing typed or chosen is lost.
    expect(email.value).toBe('sara@example.com');
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('سارة');
    expect((password as HTMLInputElement).value).toBe('Secret123');
    expect(screen.getAllByTestId('file-preview')).toHaveLength(3);
    expect(screen.getByText('degree.pdf', { selector: 'bdi' })).toBeTruthy();
  });

  it('refuses a file that is not an image or PDF before anything is sent', async () => {
    const { fake } = await renderAuth('/sign-up?as=teacher');
    const user = userEvent.setup({ applyAccept: false });
    const front = screen.getByLabelText('ID card (front)');
    await user.upload(front, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    await waitFor(() => expect(errorOf(front)).toContain('Choose an image (JPG, PNG or WebP) or a PDF file'));
    await user.click(screen.getByRole('button', { name: 'Create teacher account' }));
    expect(fake.called('registerTeacher')).toHaveLength(0);
  });
});

/** On the code screen: types the code and presses Verify. */
async function verify(code: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Verification code' }), code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('the code screen', () => {
  it('opened by a link: wrong code, then resend locks the button behind a visible countdown', async () => {
    const { fake } = await renderAuth('/verify-otp?phone=%2B97455555555', {
      verifyOtp: () => {
        throw otpRefused('wrong');
      },
    });
    const user = userEvent.setup();
    expect(screen.getByText('+97455555555')).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Verification code' });
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    const resend = screen.getByTestId('otp-resend') as HTMLButtonElement;
    await waitFor(() => expect(resend.disabled).toBe(false));
    await user.type(code, '١٢٣٤٥٦');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('otp-problem')).toHaveProperty('textContent', 'The code is not correct. Check the SMS and try again.');
    expect(fake.called('verifyOtp')[0]?.input).toEqual({ phone: '+97455555555', code: '123456' });

    await user.click(resend);
    await waitFor(() => expect(resend.disabled).toBe(true));
    expect(screen.getByTestId('otp-countdown').textContent).toMatch(/You can request a new code in (01:00|00:59)/);
    expect(fake.called('resendOtp')[0]?.input).toEqual({ phone: '+97455555555' });
    // A new code replaces the refused one: the message goes away.
    expect(screen.queryByTestId('otp-problem')).toBeNull();
  });

  it.each([
    ['expired', 'This code has expired. Please request a new code.'],
    ['too_many_attempts', 'Too many wrong attempts: this code can no longer be used. Please request a new code.'],
  ] as const)('a %s code gets its own message and cannot be submitted again', async (reason, message) => {
    await renderAuth('/verify-otp?phone=%2B97455555555', {
      verifyOtp: () => {
        throw otpRefused(reason);
      },
    });
    await verify('123456');
    expect((await screen.findByTestId('otp-problem')).textContent).toBe(message);
    expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a right code signs the student in and goes to the root', async () => {
    const { router, fake } = await renderAuth('/verify-otp?phone=%2B97455555555');
    await verify('654321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fake.stored).toHaveLength(1);
  });
});

describe('password recovery', () => {
  it('forgot → reset with the rules → teacher sign-in with a success message', async () => {
    const { router, fake } = await renderAuth('/forget-password');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '55123456');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(fake.called('forgotPassword')[0]?.input).toEqual({ phone: '+97455123456' });

    await user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '123456');
    await user.type(screen.getByLabelText('New password'), 'weakpass');
    await user.type(screen.getByLabelText('Confirm password'), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('New password'))).toContain('The password must contain an uppercase letter'));
    expect(fake.called('resetPassword')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Stronger1');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Stronger1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(fake.called('resetPassword')[0]?.input).toEqual({
      phone: '+97455123456',
      code: '123456',
      password: 'Stronger1',
      passwordConfirmation: 'Stronger1',
    });
    expect((await screen.findByTestId('auth-notice')).textContent).toContain('Your password has been changed');
  });
});

describe('feedback that stays true', () => {
  it('teacher sign-in: a wrong password then the right one leaves no stale error toast', async () => {
    let attempts = 0;
    const { router } = await renderAuth('/sign-in', {
      loginTeacher: () => {
        attempts++;
        if (attempts === 1) throw apiError(401, {}, 'The details are not correct');
        return { ...teacherAccount, status: 'active' as const };
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Teacher' }));
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '55123456');
    await user.type(screen.getByLabelText('Password'), 'Wrong1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const problems = () => toast.getSnapshot().filter((m) => m.severity === 'error' || m.severity === 'warn');
    await waitFor(() => expect(problems()).toHaveLength(1));

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Noor1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/sign-in'));
    expect(attempts).toBe(2);
    expect(problems()).toEqual([]);
  });

  it('reset password: a mismatched confirmation shows its message while typing, not only on leaving the field', async () => {
    await renderAuth('/reset-password?phone=%2B97455123456');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Stronger1');
    const confirmation = screen.getByLabelText('Confirm password');
    // The first letters of a matching confirmation are not a mistake yet.
    await user.type(confirmation, 'Stro');
    expect(errorOf(confirmation)).not.toContain('The passwords do not match');
    // A letter that cannot match any more: the message appears while the focus is still in the field.
    await user.type(confirmation, 'x');
    await waitFor(() => expect(errorOf(confirmation)).toContain('The passwords do not match'));
    expect(document.activeElement).toBe(confirmation);
    await user.clear(confirmation);
    await user.type(confirmation, 'Stronger1');
    await waitFor(() => expect(errorOf(confirmation)).not.toContain('The passwords do not match'));
  });
});
