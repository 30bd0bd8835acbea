// @vitest-environment jsdom
// A submit button does not take the focus on a mouse press (so a field's blur message cannot move it away
// before the click lands); other buttons behave normally, and the click still submits.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../../src/ui/button';

afterEach(cleanup);

describe('Button', () => {
  it('a submit button keeps the focus where it is on mouse down, and the click still submits', () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit">Save</Button>
      </form>,
    );
    const press = fireEvent.mouseDown(screen.getByRole('button', { name: 'Save' }));
    expect(press).toBe(false); // default prevented
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a plain button keeps the browser default on mouse down', () => {
    render(<Button>Open</Button>);
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Open' }))).toBe(true);
  });
});
