// A document upload field (teacher ID front/back, qualification scan; spec §3, §5): images or PDF of at
// most 5 MB, checked here before anything is sent, with a preview of the chosen file.
//
// The client can only judge the declared type and the name; the server decides from the bytes. The
// chosen File lives in the form's state, not in the <input>, so a failed submit or a re-render never
// loses it, and the preview always shows what will be sent.
import { useEffect, useRef, useState } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
const ACCEPTED_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.pdf'];
export const FILE_ACCEPT = [...ACCEPTED_FILE_TYPES, ...ACCEPTED_EXTENSIONS].join(',');

export type FileErrorKey = 'file.required' | 'file.type' | 'file.size';

export const fileErrorTexts: Record<FileErrorKey, MessageDescriptor> = {
  'file.required': msg`This field is required`,
  'file.type': msg`Choose an image (JPG, PNG or WebP) or a PDF file`,
  'file.size': msg`The file must not be larger than 5 MB`,
};

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** A PDF by its declared type or, when the browser declares none, by its name. */
export function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || (file.type === '' && extensionOf(file.name) === '.pdf');
}

/**
 * Why a chosen file cannot be sent, or undefined. A declared type wins over the name; a file the
 * browser declares no type for (some systems do that) is judged by its extension.
 */
export function validateFile(file: File | null, { required = true }: { required?: boolean } = {}): FileErrorKey | undefined {
  if (!file) return required ? 'file.required' : undefined;
  const typeOk = file.type
    ? (ACCEPTED_FILE_TYPES as readonly string[]).includes(file.type)
    : ACCEPTED_EXTENSIONS.includes(extensionOf(file.name));
  if (!typeOk) return 'file.type';
  if (file.size > MAX_FILE_BYTES) return 'file.size';
  return undefined;
}

function formatSize(bytes: number, locale: string): string {
  const kb = bytes / 1024;
  const format = (n: number, unit: 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(n);
  return kb < 1024 ? format(Math.max(kb, 0.1), 'kilobyte') : format(kb / 1024, 'megabyte');
}

/**
 * A data URL of an image file for its thumbnail. Read asynchronously and tagged with its file, so a
 * preview never shows a previous choice while the next one is being read.
 */
function useImageUrl(file: File | null): string | null {
  const [read, setRead] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setRead({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return read && read.file === file ? read.url : null;
}

export interface FileInputProps {
  value: File | null;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  disabled?: boolean;
}

export function FileInput({ value, onChange, onBlur, disabled, ...control }: FileInputProps) {
  const { t, i18n } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const imageUrl = useImageUrl(value);

  return (
    <div className="file-input">
      <input
        {...control}
        ref={inputRef}
        className="file-native"
        type="file"
        accept={FILE_ACCEPT}
        disabled={disabled}
        onChange={(e) => {
          // Cancelling the picker leaves the earlier choice in place.
          const file = e.target.files?.[0];
          if (file) onChange(file);
          onBlur?.();
        }}
      />
      {value ? (
        <div className="file-preview" data-testid="file-preview">
          {imageUrl ? (
            <img className="file-thumb" src={imageUrl} alt={t`Preview of ${value.name}`} />
          ) : (
            <span className="file-icon" aria-hidden="true">
              {isPdf(value) ? 'PDF' : '?'}
            </span>
          )}
          <span className="file-meta">
            <bdi className="file-name">{value.name}</bdi>
            <span className="file-size">{formatSize(value.size, i18n.locale)}</span>
          </span>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={disabled}
            onClick={() => {
              if (inputRef.current) inputRef.current.value = '';
              onChange(null);
              onBlur?.();
            }}
          >
            <Trans>Remove</Trans>
            <span className="visually-hidden"> {value.name}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
