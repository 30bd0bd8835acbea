// @vitest-environment jsdom
// A form whose logic loads when the visitor reaches for it: nothing loads before that, and
// what was typed into the shell, the focused field with its caret, and a submit pressed while loading
// all reach the real form.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredForm, useHandoverSubmit, type Handover, type RealForm } from '../../../src/ui/deferred-form';

afterEach(cleanup);

/** A stand-in for a TanStack form: controlled fields started from the handover, a recorded submit. */
function fakeForm(onSubmit: (values: Record<string, string>) => void): RealForm {
  return function Real({ handover }: { handover: Handover }) {
    const [values, setValues] = useState({ email: handover.values.email ?? '', note: handover.values.note ?? '' });
    const submit = () => onSubmit(values);
    useHandoverSubmit(handover, submit);
    const bind = (name: 'email' | 'note') => ({
      name,
      'aria-label': `real ${name}`,
      value: values[name],
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    });
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input {...bind('email')} />
        <textarea {...bind('note')} />
        <button type="submit">Send</button>
      </form>
    );
  };
}

function setup() {
  const onSubmit = vi.fn();
  let release: (form: RealForm) => void = () => {};
  const load = vi.fn(() => new Promise<RealForm>((resolve) => (release = resolve)));
  render(
    <DeferredForm load={load}>
      <form>
        <input name="email" aria-label="shell email" />
        <textarea name="note" aria-label="shell note" />
        <button type="submit">Send</button>
      </form>
    </DeferredForm>,
  );
  return { load, onSubmit, ready: () => act(async () => release(fakeForm(onSubmit))), user: userEvent.setup() };
}

describe('DeferredForm', () => {
  it('loads nothing until the visitor reaches for the form', () => {
    const { load } = setup();
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByLabelText('shell note'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands over the typed text, the focused field and its caret', async () => {
    const { load, ready, user } = setup();
    await user.type(screen.getByLabelText('shell email'), 'a@b.qa');
    await user.type(screen.getByLabelText('shell note'), 'hello there');
    const note = screen.getByLabelText<HTMLTextAreaElement>('shell note');
    note.setSelectionRange(5, 5);
    expect(load).toHaveBeenCalledTimes(1);

    await ready();
    const real = await screen.findByLabelText<HTMLTextAreaElement>('real note');
    expect(screen.getByLabelText<HTMLInputElement>('real email').value).toBe('a@b.qa');
    expect(real.value).toBe('hello there');
    expect(document.activeElement).toBe(real);
    expect(real.selectionStart).toBe(5);
    await user.keyboard(',');
    expect(real.value).toBe('hello, there');
  });

  it('a submit pressed before the form was ready is sent once it is, with what was typed', async () => {
    const { ready, onSubmit, user } = setup();
    await user.type(screen.getByLabelText('shell email'), 'mother@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await ready();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'mother@example.com', note: '' });
  });
});
