// @vitest-environment jsdom
// One child's form on the profile: adding a child sends the names, gender, phase and the optional birth
// date; a birth date that is not a real day in the past is refused beside its field before anything is
// sent, and nothing typed is lost; emptying the date of a child who had one sends null (removes it).
import { screen, waitFor } from '@testing-library/react';
import { createRoute } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Child } from '../../../contract/children';
import { ChildForm } from '../../../src/features/profile/child-form';
import { cleanUpAfterEach, renderRouted, type RecordedCall } from '../helpers';

cleanUpAfterEach();

const phases = [
  { id: 2, name: 'Grade 1', name_ar: 'الصف الأول', name_en: 'Grade 1', code: 'g1', stage: 'primary', grade: 1 },
  { id: 3, name: 'Grade 2', name_ar: 'الصف الثاني', name_en: 'Grade 2', code: 'g2', stage: 'primary', grade: 2 },
];
const saved: Child = {
  id: 40,
  first_name: 'علي',
  last_name: 'السليطي',
  gender: 'male',
  phase: { id: 3, name: 'Grade 2' },
  birth_date: '2017-04-02',
  archived: false,
  lessons_taken: 0,
  hours_used: 0,
};

function renderForm(child: Child | null) {
  const onDone = vi.fn();
  const rendered = renderRouted({
    route: (url, method) => {
      if (url.endsWith('/v1/phases')) return { status: 200, json: { message: 'ok', data: phases } };
      if (/\/v1\/children(\/\d+)?$/.test(url) && (method === 'POST' || method === 'PATCH'))
        return { status: method === 'POST' ? 201 : 200, json: { message: 'Saved', data: saved } };
      return { status: 404, json: { message: 'not found' } };
    },
    children: (root) => [
      createRoute({ getParentRoute: () => root, path: '/', component: () => <ChildForm child={child} onDone={onDone} /> }),
    ],
  });
  return { ...rendered, onDone };
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PATCH');

describe('ChildForm', () => {
  it('adds a child with a birth date', async () => {
    const { calls, user, onDone } = renderForm(null);
    await user.type(await screen.findByLabelText("Your child's first name"), 'علي');
    await user.type(screen.getByLabelText("Your child's last name"), 'السليطي');
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Grade 2' })).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText("Your child's school phase"), '3');
    const birth = screen.getByLabelText("Your child's birth date (optional)");
    // Optional: not marked required (no asterisk, no aria-required), unlike the names.
    expect(birth.getAttribute('aria-required')).not.toBe('true');
    expect(screen.getByLabelText("Your child's first name").getAttribute('aria-required')).toBe('true');
    await user.type(birth, '2017-04-02');
    await user.click(screen.getByRole('button', { name: 'Add the child' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      body: { first_name: 'علي', last_name: 'السليطي', gender: 'male', phase_id: 3, birth_date: '2017-04-02' },
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('refuses a birth date in the future beside the field, sends nothing and keeps what was typed', async () => {
    const { calls, user } = renderForm(null);
    await user.type(await screen.findByLabelText("Your child's first name"), 'علي');
    const birth = screen.getByLabelText("Your child's birth date (optional)");
    await user.type(birth, '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Add the child' }));
    await waitFor(() => expect(birth.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (birth.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    expect(describedBy.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')).toContain('Enter a valid date in the past');
    expect(writes(calls)).toHaveLength(0);
    expect(screen.getByLabelText("Your child's first name")).toHaveProperty('value', 'علي');
    expect(birth).toHaveProperty('value', '2999-01-01');
  });

  it('emptying the birth date of a child who had one removes it (null)', async () => {
    const { calls, user } = renderForm(saved);
    const birth = await screen.findByLabelText("Your child's birth date (optional)");
    expect(birth).toHaveProperty('value', '2017-04-02');
    await waitFor(() => expect(screen.getByLabelText("Your child's school phase")).toHaveProperty('value', '3'));
    await user.clear(birth);
    await user.click(screen.getByRole('button', { name: 'Save the child' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PATCH', body: { birth_date: null } });
  });

  it('a name in Latin letters: refused beside its field when it is not one, sent trimmed when it is', async () => {
    const { calls, user } = renderForm({ ...saved, latin_name: 'Ali' });
    const latin = await screen.findByLabelText("Your child's name in Latin letters (optional)");
    expect(latin).toHaveProperty('value', 'Ali');
    await user.clear(latin);
    await user.type(latin, 'Ali 2');
    await user.click(screen.getByRole('button', { name: 'Save the child' }));
    await waitFor(() => expect(latin.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (latin.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    expect(describedBy.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')).toContain('Write the name in Latin letters');
    expect(writes(calls)).toHaveLength(0);
    await user.clear(latin);
    await user.type(latin, ' Ali Al-Sulaiti ');
    await user.click(screen.getByRole('button', { name: 'Save the child' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PATCH', body: { latin_name: 'Ali Al-Sulaiti' } });
  });
});
