// PATCH v1/profile: each role edits its own fields with the sign-up's rules; every problem comes back at
// once as localized field errors and nothing is written; fields the role does not edit are refused by
// name; a token only ever changes its own user; the saved values are what GET v1/profile reads.
import { describe, expect, it } from 'vitest';
import { validationErrorBodySchema } from '../../contract/envelope';
import { profileDetailsResponseSchema } from '../../contract/profile';
import { authApp } from './auth-helpers';
import { perFile } from './support/per-file';

const t = perFile(authApp);

const patch = (token: string | null, body: unknown, locale: 'ar' | 'en' = 'en') =>
  t.app.request('/api/v1/profile', {
    method: 'PATCH',
    headers: { 'Accept-Language': locale, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const read = async (token: string) => {
  const res = await t.get('/api/v1/profile', { token });
  expect(res.status).toBe(200);
  return profileDetailsResponseSchema.parse(await res.json()).data;
};

const errorsOf = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(400);
  return validationErrorBodySchema.parse(await res.json());
};

const ids = async (table: 'phases' | 'subjects') =>
  (await t.db.query<{ id: number }>(`SELECT id FROM ${table} ORDER BY sort_order`)).map((r) => r.id);

describe('PATCH /api/v1/profile — student', () => {
  it('401 without a token', async () => {
    expect((await patch(null, { first_name: 'عمر' })).status).toBe(401);
  });

  it('saves names, gender and phase, answers the updated profile with the server message, and they persist', async () => {
    const s = await t.signUpStudent();
    const phases = await ids('phases');
    const res = await patch(s.token, { first_name: 'مريم', last_name: 'الكواري', gender: 'female', phase_id: phases[3] }, 'ar');
    expect(res.status, await res.clone().text()).toBe(200);
    const body = profileDetailsResponseSchema.parse(await res.json());
    expect(body.message).toBe('تم حفظ بياناتك');
    expect(body.data).toMatchObject({ first_name: 'مريم', last_name: 'الكواري', phase_id: phases[3], working_hours: [] });
    expect(await read(s.token)).toMatchObject({
      first_name: 'مريم',
      last_name: 'الكواري',
      gender: 'female',
      phase_id: phases[3],
      phone: s.phone,
    });
  });

  it('is partial: a field left out stays as it was', async () => {
    const s = await t.signUpStudent();
    const before = await read(s.token);
    expect((await patch(s.token, { last_name: 'المري' })).status).toBe(200);
    const after = await read(s.token);
    expect(after).toMatchObject({ first_name: before.first_name, last_name: 'المري', gender: before.gender, phase_id: before.phase_id });
  });

  it('reports every bad field at once, localized, and writes nothing', async () => {
    const s = await t.signUpStudent();
    const before = await read(s.token);
    const en = await errorsOf(await patch(s.token, { first_name: 'Omar', last_name: '', gender: 'robot', phase_id: 999999 }));
    expect(en.errors).toEqual({
      first_name: ['English name not allowed'],
      last_name: ['This field is required'],
      gender: ['This value is not valid'],
    });
    // The phase is checked against the database only once the shape passes: on its own it is refused too.
    const phase = await errorsOf(await patch(s.token, { phase_id: 999999 }));
    expect(Object.keys(phase.errors)).toEqual(['phase_id']);
    const ar = await errorsOf(await patch(s.token, { first_name: 'Omar' }, 'ar'));
    expect(ar.errors.first_name).toEqual(['لا يُسمح بكتابة الاسم بالإنجليزية']);
    expect(await read(s.token)).toEqual(before);
  });

  it("refuses a teacher's fields, the phone and the status by name, and changes nothing", async () => {
    const s = await t.signUpStudent();
    const before = await read(s.token);
    const res = await errorsOf(
      await patch(s.token, {
        first_name: 'سلمى',
        subjects: [1],
        description: 'x',
        working_hours: [],
        phone: '+97455999999',
        status: 'active',
        is_teacher: true,
      }),
    );
    expect(res.errors).toEqual({
      subjects: ['This field is for teacher accounts only'],
      description: ['This field is for teacher accounts only'],
      working_hours: ['This field is for teacher accounts only'],
      phone: ['The phone number cannot be changed from the profile. Please contact us to change it'],
      status: ['This field cannot be changed from the profile'],
      is_teacher: ['This field cannot be changed from the profile'],
    });
    expect(await read(s.token)).toEqual(before);
  });

  it('a body that is not an object is a 400, never a 500', async () => {
    const s = await t.signUpStudent();
    expect((await patch(s.token, '[1,2]')).status).toBe(400);
    expect((await patch(s.token, '{nope')).status).toBe(400);
  });
});

describe('PATCH /api/v1/profile — teacher', () => {
  it('saves every teacher field, the phases, subjects and working hours; GET reads them back', async () => {
    const teacher = await t.signUpTeacher();
    const phases = await ids('phases');
    const subjects = await ids('subjects');
    const body = {
      first_name: 'أحمد',
      second_name: 'محمد',
      last_name: 'السليطي',
      country: 'EG',
      gender: 'male',
      birth_date: '1985-02-03',
      phases: [phases[4], phases[5]],
      subjects: [subjects[2]],
      qualification: 'phd',
      experience_years: 12,
      working_hours: [
        { weekday: 4, start_time: '16:00', end_time: '20:30' },
        { weekday: 0, start_time: '09:00', end_time: '12:00' },
      ],
      description: '  معلم رياضيات بخبرة طويلة  ',
    };
    const res = await patch(teacher.token, body);
    expect(res.status, await res.clone().text()).toBe(200);
    const p = await read(teacher.token);
    expect(p).toMatchObject({
      first_name: 'أحمد',
      second_name: 'محمد',
      last_name: 'السليطي',
      country: { code: 'EG', name: 'Egypt' },
      gender: 'male',
      birth_date: '1985-02-03',
      qualification: 'phd',
      experience_years: 12,
      description: 'معلم رياضيات بخبرة طويلة',
      working_hours: [
        { weekday: 0, start_time: '09:00', end_time: '12:00' },
        { weekday: 4, start_time: '16:00', end_time: '20:30' },
      ],
    });
    expect(p.phases.map((x) => x.id).sort()).toEqual([phases[4], phases[5]].sort());
    expect(p.subjects.map((x) => x.id)).toEqual([subjects[2]]);
    // The phone (and the phone's country) are not touched by an edit.
    expect(p.phone).toBe(teacher.phone);
    expect(p.country_code).toBe('QA');
    // The documents are listed with a name and the owner-only URL.
    expect(p.document_files.id_front).toMatchObject({ name: 'id_front.png', url: p.documents.id_front });
    expect(p.document_files.qualification_scan?.name).toBe('qualification_scan.pdf');

    // Clearing: no available days, no description.
    expect((await patch(teacher.token, { working_hours: [], description: '' })).status).toBe(200);
    expect(await read(teacher.token)).toMatchObject({ working_hours: [], description: null, experience_years: 12 });
  });

  it('refuses bad values with the sign-up rules and the working-hours rules, and writes nothing', async () => {
    const teacher = await t.signUpTeacher();
    const before = await read(teacher.token);
    const res = await errorsOf(
      await patch(teacher.token, {
        first_name: 'Ahmed',
        second_name: 'محمد1',
        country: 'ZZ',
        birth_date: '2999-01-01',
        phases: [],
        subjects: [999999],
        qualification: 'wizard',
        experience_years: 81,
        working_hours: [
          { weekday: 1, start_time: '10:00', end_time: '09:00' },
          { weekday: 1, start_time: '12:00', end_time: '13:00' },
          { weekday: 9, start_time: '25:00', end_time: '26:00' },
        ],
        description: 'ا'.repeat(1001),
      }),
    );
    expect(res.errors).toMatchObject({
      first_name: ['English name not allowed'],
      second_name: ['Please write the name in Arabic letters only'],
      phases: ['Please choose at least one'],
      qualification: ['This value is not valid'],
      experience_years: ['Years of experience must be between 0 and 80'],
      'working_hours.0.end_time': ['The end time must be after the start time'],
      'working_hours.2.weekday': ['This value is not valid'],
      'working_hours.2.start_time': ['This value is not valid'],
      description: ['This text is too long'],
    });
    // Checks against the database and the calendar run when the shapes pass.
    const later = await errorsOf(
      await patch(teacher.token, {
        country: 'ZZ',
        birth_date: '2999-01-01',
        subjects: [999999],
        working_hours: [
          { weekday: 1, start_time: '12:00', end_time: '14:00' },
          { weekday: 1, start_time: '08:00', end_time: '12:30' },
          { weekday: 2, start_time: '08:00', end_time: '09:00' },
          { weekday: 2, start_time: '10:00', end_time: '11:00' },
          { weekday: 2, start_time: '12:00', end_time: '13:00' },
          { weekday: 2, start_time: '14:00', end_time: '15:00' },
          { weekday: 2, start_time: '16:00', end_time: '17:00' },
        ],
      }),
    );
    expect(later.errors).toEqual({
      'working_hours.0.start_time': ['This range overlaps another range on the same day'],
      'working_hours.6.weekday': ['A day can hold at most four ranges'],
    });
    const db = await errorsOf(await patch(teacher.token, { country: 'ZZ', birth_date: '2999-01-01', subjects: [999999] }));
    expect(db.errors).toEqual({
      country: ['This value is not valid'],
      birth_date: ['Please enter a date in the past'],
      subjects: ['This value is not valid'],
    });
    expect(await read(teacher.token)).toEqual(before);
  });

  it("refuses a student's phase, the phone and the email by name", async () => {
    const teacher = await t.signUpTeacher();
    const res = await errorsOf(await patch(teacher.token, { phase_id: 1, phone: '+97455999998', email: 'x@example.com' }));
    expect(res.errors).toEqual({
      phase_id: ['This field cannot be changed from the profile'],
      phone: ['The phone number cannot be changed from the profile. Please contact us to change it'],
      email: ['This field cannot be changed from the profile'],
    });
  });

  it('editing the text fields does not change the review status', async () => {
    const teacher = await t.signUpTeacher();
    await t.db.query("UPDATE users SET status = 'active' WHERE id = $1", [teacher.id]);
    expect((await patch(teacher.token, { description: 'نبذة' })).status).toBe(200);
    expect((await read(teacher.token)).status).toBe('active');
  });
});

describe('PATCH /api/v1/profile — ownership', () => {
  it('a user only ever changes their own profile, whatever ids the request names', async () => {
    const a = await t.signUpStudent();
    const b = await t.signUpStudent();
    const teacher = await t.signUpTeacher();
    const bBefore = await read(b.token);
    const tBefore = await read(teacher.token);
    const res = await patch(a.token, { id: b.id, user_id: teacher.id, first_name: 'نورة' });
    expect(res.status).toBe(400);
    expect((await patch(a.token, { first_name: 'نورة' })).status).toBe(200);
    const url = await t.app.request(`/api/v1/profile?id=${b.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ last_name: 'الهاجري' }),
    });
    expect(url.status).toBe(200);
    expect(await read(a.token)).toMatchObject({ first_name: 'نورة', last_name: 'الهاجري' });
    expect(await read(b.token)).toEqual(bBefore);
    expect(await read(teacher.token)).toEqual(tBefore);
  });

  it("a teacher's working hours belong to that teacher only", async () => {
    const t1 = await t.signUpTeacher();
    const t2 = await t.signUpTeacher();
    // A day may hold several ranges (a break at noon, an evening shift); touching ranges are allowed.
    const split = [
      { weekday: 2, start_time: '18:00', end_time: '21:00' },
      { weekday: 2, start_time: '08:00', end_time: '12:00' },
      { weekday: 2, start_time: '13:00', end_time: '18:00' },
    ];
    expect((await patch(t1.token, { working_hours: split })).status).toBe(200);
    expect((await read(t1.token)).working_hours).toEqual([split[1], split[2], split[0]]);
    await patch(t1.token, { working_hours: [{ weekday: 2, start_time: '10:00', end_time: '11:00' }] });
    await patch(t2.token, { working_hours: [{ weekday: 3, start_time: '14:00', end_time: '15:00' }] });
    await patch(t2.token, { working_hours: [] });
    expect((await read(t1.token)).working_hours).toEqual([{ weekday: 2, start_time: '10:00', end_time: '11:00' }]);
    expect((await read(t2.token)).working_hours).toEqual([]);
  });
});
