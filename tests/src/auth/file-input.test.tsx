// @vitest-environment jsdom
// Document uploads on the client (spec §5): images or PDF, at most 5 MB, judged by declared type or,
// when the browser gives none, by name (the bytes are the server's job); a preview of the choice.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileInput, formatFileSize, MAX_FILE_BYTES, validateFile } from '../../../src/ui/file-input';
import { makeI18n } from '../helpers';

afterEach(cleanup);

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const file = (name: string, type: string, size = 10) => {
  const body = new Uint8Array(size);
  body.set(PNG.slice(0, Math.min(size, PNG.length)));
  return new File([body], name, { type });
};

describe('validateFile', () => {
  it('accepts JPEG, PNG, WebP and PDF', () => {
    for (const [name, type] of [
      ['id.jpg', 'image/jpeg'],
      ['id.png', 'image/png'],
      ['id.webp', 'image/webp'],
      ['degree.pdf', 'application/pdf'],
    ]) {
      expect(validateFile(file(name!, type!))).toBeUndefined();
    }
  });

  it('refuses other types, whatever the name says', () => {
    expect(validateFile(file('setup.exe', 'application/x-msdownload'))).toBe('file.type');
    expect(validateFile(file('photo.png', 'application/x-msdownload'))).toBe('file.type');
    expect(validateFile(file('notes.txt', 'text/plain'))).toBe('file.type');
    expect(validateFile(file('scan.gif', 'image/gif'))).toBe('file.type');
  });

  it('falls back to the extension when the browser declares no type', () => {
    expect(validateFile(file('scan.PDF', ''))).toBeUndefined();
    expect(validateFile(file('scan.docx', ''))).toBe('file.type');
  });

  it('refuses a file over 5 MB and accepts exactly 5 MB', () => {
    expect(validateFile(file('big.png', 'image/png', MAX_FILE_BYTES + 1))).toBe('file.size');
    expect(validateFile(file('edge.png', 'image/png', MAX_FILE_BYTES))).toBeUndefined();
  });

  it('a missing file is required unless optional', () => {
    expect(validateFile(null)).toBe('file.required');
    expect(validateFile(null, { required: false })).toBeUndefined();
  });
});

function Harness() {
  const [value, setValue] = useState<File | null>(null);
  return (
    <I18nProvider i18n={makeI18n('en')}>
      <label htmlFor="doc">ID</label>
      <FileInput id="doc" value={value} onChange={setValue} />
    </I18nProvider>
  );
}

describe('FileInput', () => {
  it('shows its own localized button and status, not the browser\'s "Choose File / No file chosen"', async () => {
    render(
      <I18nProvider i18n={makeI18n('ar')}>
        <label htmlFor="doc">الهوية</label>
        <FileInput id="doc" value={null} onChange={() => {}} />
      </I18nProvider>,
    );
    const input = screen.getByLabelText('الهوية');
    // The native control is there for the keyboard and screen readers, but drawn by our face.
    expect(input.className).toContain('file-native');
    const face = document.querySelector('.file-face')!;
    expect(face.textContent).toMatch(/[\u0600-\u06FF]/);
    expect(face.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('writes sizes with unit names the reader knows, in Arabic too (not «م.ب»)', () => {
    const ar = makeI18n('ar');
    expect(formatFileSize(6 * 1024 * 1024, ar)).not.toContain('م.ب');
    expect(formatFileSize(6 * 1024 * 1024, ar)).toMatch(/ميغابايت/);
    expect(formatFileSize(1.5 * 1024 * 1024, makeI18n('en'))).toBe('1.5 MB');
  });

  it('shows the upload progress a caller passes, as a named progress bar', () => {
    render(
      <I18nProvider i18n={makeI18n('en')}>
        <FileInput id="doc" value={file('front.png', 'image/png')} onChange={() => {}} progress={0.25} />
      </I18nProvider>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Sending front.png' });
    expect(bar.getAttribute('value')).toBe('25');
    expect(screen.getByRole('button', { name: /Remove/ })).toHaveProperty('disabled', true);
  });

  it('accepts images and PDF only in the picker, and previews an image as a thumbnail', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('ID') as HTMLInputElement;
    expect(input.accept).toContain('image/png');
    expect(input.accept).toContain('application/pdf');
    await userEvent.upload(input, file('front.png', 'image/png'));
    const thumb = await screen.findByRole('img', { name: 'Preview of front.png' });
    await waitFor(() => expect(thumb.getAttribute('src')).toMatch(/^data:image\/png;base64,/));
    expect(screen.getByText('front.png', { selector: 'bdi' })).toBeTruthy();
  });

  it('shows a PDF by its name and icon, and Remove clears the choice', async () => {
    render(<Harness />);
    await userEvent.upload(screen.getByLabelText('ID'), file('degree.pdf', 'application/pdf', 2048));
    expect(screen.getByText('degree.pdf', { selector: 'bdi' })).toBeTruthy();
    expect(screen.getByText('PDF')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Remove/ }));
    expect(screen.queryByTestId('file-preview')).toBeNull();
  });
});
