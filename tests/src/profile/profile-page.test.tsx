// @vitest-environment jsdom
// The profile screen as a student and a teacher use it: the current details fill the form; a save sends
// PATCH v1/profile, shows the server's message and refreshes the account; the client refuses what the
// server would (an English name, an end time before the start); a failed save puts the server's field
// errors beside their fields (a working-hours error beside its day) and keeps every edit; an active
// teacher replacing a document is asked first in a dialog; both languages.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { toast } from '../../../src/ui/toast-store';
import { cleanUpAfterEach } from '../helpers';
import { fakeXhr, patches, renderProfilePage, replies, resetReplies, saved, setDayHours, student, teacher } from './profile-fixtures';

beforeEach(() => {
  toast.clear();
  resetReplies();
});
cleanUpAfterEach();

describe('ProfilePage — student', () => {
  beforeEach(() => {
    replies.current = student;
  });

  it('shows the details, the read-only phone, the free session and the remaining hours with a link to packages', async () => {
    renderProfilePage();
    expect(await screen.findByLabelText('First name')).toHaveProperty('value', 'سارة');
    expect(screen.getByLabelText('Last name')).toHaveProperty('value', 'الأنصاري');
    expect(screen.getByRole('radio', { name: 'Female' })).toHaveProperty('checked', true);
    await waitFor(() => expect(screen.getByLabelText('School phase')).toHaveProperty('value', '2'));
    // Each child says what it has had of the family's hours.
    expect((await screen.findByTestId('child-31-usage')).textContent).toBe('2 lessons taken · 1.5 hours used');
    // And opens the child's progress.
    expect(screen.getByRole('link', { name: 'Progress of سارة أحمد' }).getAttribute('href')).toBe('/children/31/progress');
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveProperty('value', '+97455123456');
    expect(phone).toHaveProperty('readOnly', true);
    expect(screen.getByTestId('free-session').textContent).toBe('You have a free trial session waiting for you.');
    expect((await screen.findByTestId('profile-hours')).textContent).toBe('6 hours remaining');
    expect(screen.getByRole('link', { name: 'Buy hours' }).getAttribute('href')).toBe('/packages');
  });

  it("saves with PATCH, shows the server's message and refreshes the account", async () => {
    const { calls, user, onAccountChanged } = renderProfilePage();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'مريم');
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Grade 2' })).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('School phase'), '3');
    // Times are shown in the zone chosen here; it starts as the account's.
    expect(screen.getByLabelText('Time zone')).toHaveProperty('value', 'Asia/Qatar');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/London');
    replies.patch = saved({ ...student, first_name: 'مريم', phase_id: 3 });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]!.body).toEqual({
      first_name: 'مريم',
      last_name: 'الأنصاري',
      gender: 'female',
      phase_id: 3,
      time_zone: 'Europe/London',
    });
    await waitFor(() => expect(toast.getSnapshot()[0]).toMatchObject({ severity: 'success', detail: 'Your details were saved' }));
    expect(onAccountChanged).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'مريم');
  });

  it('refuses an English name before sending anything', async () => {
    const { calls, user } = renderProfilePage();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Sara');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('English name not allowed')).toBeTruthy();
    expect(patches(calls)).toHaveLength(0);
    // Keyboard and screen-reader users land on the field to fix.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
  });

  it('Enter in an invalid field it never left shows the error there', async () => {
    const { calls, user } = renderProfilePage();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Sara{Enter}');
    expect(document.activeElement).toBe(first);
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('English name not allowed')).toBeTruthy();
    expect(patches(calls)).toHaveLength(0);
  });

  it("a failed save puts the server's errors beside their fields and keeps every edit", async () => {
    const { calls, user, onAccountChanged, onError } = renderProfilePage();
    const last = await screen.findByLabelText('Last name');
    await user.clear(last);
    await user.type(last, 'الكواري');
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    replies.patch = {
      status: 400,
      json: {
        message: 'The data you entered is not valid',
        errors: { first_name: ['Name refused by the server'], phone: ['Phone is read-only'] },
      },
    };
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    const first = screen.getByLabelText('First name');
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'));
    expect(within(first.closest('.field')! as HTMLElement).getByText('Name refused by the server')).toBeTruthy();
    // A message for a field this form does not edit goes to the summary above the form.
    expect(screen.getByText('Phone is read-only')).toBeTruthy();
    expect(screen.getByLabelText('Last name')).toHaveProperty('value', 'الكواري');
    expect(screen.getByRole('radio', { name: 'Male' })).toHaveProperty('checked', true);
    expect(onAccountChanged).not.toHaveBeenCalled();
    // The catalogue toast comes from the app's one error path.
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('speaks Arabic', async () => {
    renderProfilePage('ar');
    expect(await screen.findByRole('heading', { name: 'ملفك الشخصي' })).toBeTruthy();
    expect(await screen.findByLabelText('الاسم الأول')).toHaveProperty('value', 'سارة');
    expect(screen.getByRole('button', { name: 'حفظ التغييرات' })).toBeTruthy();
  });
});

describe('ProfilePage — teacher', () => {
  beforeEach(() => {
    replies.current = teacher;
    replies.patch = saved(teacher);
  });

  it('shows every teacher field, the status, the working hours and the documents', async () => {
    renderProfilePage();
    expect(await screen.findByLabelText('Second name')).toHaveProperty('value', 'عبدالله');
    expect(screen.getByTestId('teacher-status').textContent).toBe('Active');
    expect(screen.getByLabelText('Birth date')).toHaveProperty('value', '1990-05-17');
    expect(screen.getByLabelText('Years of experience')).toHaveProperty('value', '7');
    expect(screen.getByLabelText('Education qualification')).toHaveProperty('value', 'master');
    expect(screen.getByLabelText('About you')).toHaveProperty('value', 'معلم قرآن');
    expect(await screen.findByRole('checkbox', { name: 'Quran' })).toHaveProperty('checked', true);
    const sunday = within(screen.getByTestId('day-0'));
    expect(sunday.getByRole('checkbox', { name: 'Sunday' })).toHaveProperty('checked', true);
    expect(sunday.getByLabelText('From Sunday')).toHaveProperty('value', '09:00');
    expect(sunday.getByLabelText('To Sunday')).toHaveProperty('value', '12:00');
    expect(within(screen.getByTestId('day-1')).getByLabelText('From Monday')).toHaveProperty('disabled', true);
    expect(within(screen.getByTestId('document-id_front')).getByText('id_front.png')).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveProperty('readOnly', true);
  });

  it('names the zone the working hours are in, the one chosen in the zone picker, in English and Arabic', async () => {
    const { user } = renderProfilePage();
    expect((await screen.findByTestId('hours-zone')).textContent).toContain('give the hours in Qatar time, the time zone chosen below');
    // The picker names each zone by the place every time on screen uses.
    expect(screen.getByRole('option', { name: /^London \(GMT/ })).toHaveProperty('value', 'Europe/London');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/London');
    expect(screen.getByTestId('hours-zone').textContent).toContain('give the hours in London time');
    cleanup();
    renderProfilePage('ar');
    const hint = (await screen.findByTestId('hours-zone')).textContent ?? '';
    expect(hint).toContain('الساعات بتوقيت قطر');
    expect(hint.match(/توقيت/g)).toHaveLength(1);
  });

  it('sends the fields with the working hours of the ticked days', async () => {
    const { calls, user, onAccountChanged } = renderProfilePage();
    await setDayHours(user, 2, 'Tuesday', '16:00', '18:30');
    await user.click(await screen.findByRole('checkbox', { name: 'Mathematics' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]!.body).toEqual({
      first_name: 'خالد',
      second_name: 'عبدالله',
      last_name: 'النعيمي',
      country: 'QA',
      gender: 'male',
      birth_date: '1990-05-17',
      phases: [2],
      subjects: [1, 2],
      qualification: 'master',
      experience_years: 7,
      working_hours: [
        { weekday: 0, start_time: '09:00', end_time: '12:00' },
        { weekday: 2, start_time: '16:00', end_time: '18:30' },
      ],
      description: 'معلم قرآن',
      latin_name: '',
      bio_en: '',
      time_zone: 'Asia/Qatar',
    });
    await waitFor(() => expect(onAccountChanged).toHaveBeenCalledTimes(1));
  });

  it('refuses an end time before the start time on the client', async () => {
    const { calls, user } = renderProfilePage();
    const monday = await setDayHours(user, 1, 'Monday', '15:00', '14:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await monday.findByText('The end time must be after the start time')).toBeTruthy();
    expect(patches(calls)).toHaveLength(0);
  });

  it("puts a server working-hours error beside that day's time and keeps the edits", async () => {
    const { calls, user } = renderProfilePage();
    const thursday = await setDayHours(user, 4, 'Thursday', '10:00', '11:00');
    const years = screen.getByLabelText('Years of experience');
    await user.clear(years);
    await user.type(years, '9');
    // The second range sent (index 1) is Thursday's.
    replies.patch = {
      status: 400,
      json: { message: 'invalid', errors: { 'working_hours.1.end_time': ['Too late for the server'], description: ['Too long'] } },
    };
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(await thursday.findByText('Too late for the server')).toBeTruthy();
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(screen.getByLabelText('Years of experience')).toHaveProperty('value', '9');
    expect(thursday.getByLabelText('From Thursday')).toHaveProperty('value', '10:00');
  });

  it('asks an active teacher before a replaced document sends the account back to review', async () => {
    const { calls, user, onAccountChanged } = renderProfilePage();
    const row = within(await screen.findByTestId('document-id_back'));
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'new-back.jpg', { type: 'image/jpeg' });
    await user.upload(row.getByLabelText('Replace: ID card (back)'), file);
    await user.click(await row.findByRole('button', { name: /^Send the new file/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send your account back to review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my current document' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.url.endsWith('/v1/instructor/documents'))).toHaveLength(0);

    // The file goes by XMLHttpRequest, which reports how much has been sent: a progress bar shows it.
    const xhr = fakeXhr();
    await user.click(row.getByRole('button', { name: /^Send the new file/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send and go back to review' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const sending = xhr.sent[0]!;
    expect(sending.url).toMatch(/\/v1\/instructor\/documents$/);
    expect((sending.body.get('id_back') as File).name).toBe('new-back.jpg');
    act(() => sending.progress(0.4));
    const bar = await row.findByRole('progressbar', { name: 'Sending new-back.jpg' });
    expect(bar.getAttribute('value')).toBe('40');
    act(() => sending.respond(201, { message: 'We received your documents.', data: null }));
    await waitFor(() => expect(toast.getSnapshot()[0]).toMatchObject({ severity: 'success', detail: 'We received your documents.' }));
    expect(row.queryByRole('progressbar')).toBeNull();
    expect(onAccountChanged).toHaveBeenCalledTimes(1);
  });

  it('edits several ranges on one day (a noon break), refuses overlapping ones, and passes axe', async () => {
    const { calls, user } = renderProfilePage();
    const sunday = within(await screen.findByTestId('day-0'));
    await user.click(sunday.getByRole('button', { name: 'Add hours on Sunday' }));
    await user.type(sunday.getByLabelText('From Sunday, range 2'), '11:00');
    await user.type(sunday.getByLabelText('To Sunday, range 2'), '14:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // 11:00 is inside 09:00–12:00.
    expect(await sunday.findByText('This range overlaps another range on the same day')).toBeTruthy();
    expect(patches(calls)).toHaveLength(0);
    const from = sunday.getByLabelText('From Sunday, range 2');
    await user.clear(from);
    await user.type(from, '13:00');
    await user.click(sunday.getByRole('button', { name: 'Add hours on Sunday' }));
    await user.click(sunday.getByRole('button', { name: 'Remove range 3 on Sunday' }));
    const result = await axe.run(screen.getByTestId('day-0'), { iframes: false, rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect((patches(calls)[0]!.body as { working_hours: unknown[] }).working_hours).toEqual([
      { weekday: 0, start_time: '09:00', end_time: '12:00' },
      { weekday: 0, start_time: '13:00', end_time: '14:00' },
    ]);
  });

  it("puts a server error about a day's second range beside that range", async () => {
    const { calls, user } = renderProfilePage('ar');
    const sunday = within(await screen.findByTestId('day-0'));
    await user.click(sunday.getByRole('button', { name: 'إضافة فترة يوم الأحد' }));
    await user.type(sunday.getByLabelText('من الأحد، الفترة 2'), '15:00');
    await user.type(sunday.getByLabelText('إلى الأحد، الفترة 2'), '16:00');
    replies.patch = {
      status: 400,
      json: { message: 'invalid', errors: { 'working_hours.1.start_time': ['هذه الفترة تتداخل مع فترة أخرى في اليوم نفسه'] } },
    };
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(await within(screen.getByTestId('day-0-range-1')).findByText('هذه الفترة تتداخل مع فترة أخرى في اليوم نفسه')).toBeTruthy();
  });

  it('speaks Arabic: day names and labels', async () => {
    renderProfilePage('ar');
    expect(await screen.findByRole('checkbox', { name: 'الأحد' })).toHaveProperty('checked', true);
    expect(screen.getByText('أيام التوفر وساعات العمل')).toBeTruthy();
    expect(screen.getByTestId('teacher-status').textContent).toBe('نشط');
  });
});
