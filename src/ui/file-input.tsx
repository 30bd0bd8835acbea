// A document upload field (teacher ID front/back, qualification scan; spec §3, §5): images or PDF of at
// most 5 MB, checked here before anything is sent, with a preview of the chosen file.
//
// The client can only judge the declared type and the name; the server decides from the bytes. The
// chosen File lives in the form's state, not in the <input>, so a failed submit or a re-render never
// loses it, and the preview always shows what will be sent.
//
// The browser's own control ("Choose File / No file chosen") speaks the browser's language, not the
// page's: the native input stays (keyboard, screen readers, the label) but is visually hidden, and a
// styled, localized button and status stand in for it. Sizes use localized unit names; a caller that
// sends the file can pass its upload progress to show a progress bar.
import { forwardRef, useEffect, useRef, useState } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ControlProps } from './field';

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

const sizeTexts = {
  kilobytes: msg`{size} KB`,
  megabytes: msg`{size} MB`,
};

/** "2 KB", "1.5 MB", «1٫5 ميغابايت»: the number in the locale's digits, the unit as a word the reader knows. */
export function formatFileSize(
  bytes: number,
  i18n: { locale: string; _: (d: MessageDescriptor, v?: Record<string, unknown>) => string },
): string {
  const kb = bytes / 1024;
  const number = (n: number) => new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(n);
  return kb < 1024
    ? i18n._(sizeTexts.kilobytes, { size: number(Math.max(kb, 0.1)) })
    : i18n._(sizeTexts.megabytes, { size: number(kb / 1024) });
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

/** The Field's control props (id, aria-describedby, aria-invalid, aria-required) go to the file input. */
export interface FileInputProps extends Partial<ControlProps> {
  value: File | null;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  name?: string;
  disabled?: boolean;
  /** While the chosen file is being sent: the share sent so far, 0–1 (null: unknown yet). */
  progress?: number | null | undefined;
}

export function FileInput({ value, onChange, onBlur, disabled, progress, ...control }: FileInputProps) {
  const { t, i18n } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const imageUrl = useImageUrl(value);
  const uploading = progress !== undefined;
  const percent = typeof progress === 'number' ? Math.round(Math.min(1, Math.max(0, progress)) * 100) : null;

  return (
    <div className="file-input" data-invalid={control['aria-invalid'] || undefined}>
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
      {/* The visible face of the input above: clicking it opens the picker; the input keeps the focus ring. */}
      <div className="file-face" aria-hidden="true">
        <span className="file-choose">{value ? <Trans>Choose another file</Trans> : <Trans>Choose a file</Trans>}</span>
        <span className="file-status">{value ? null : <Trans>No file chosen yet</Trans>}</span>
      </div>
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
            <span className="file-size">{formatFileSize(value.size, i18n)}</span>
            {uploading ? (
              <span className="file-progress">
                <progress max={100} {...(percent === null ? {} : { value: percent })} aria-label={t`Sending ${value.name}`} />
                <span className="small" aria-hidden="true">
                  {percent === null ? (
                    <Trans>Sending…</Trans>
                  ) : (
                    new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(percent / 100)
                  )}
                </span>
              </span>
            ) : null}
          </span>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={disabled || uploading}
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

export interface HiddenFilePickerProps {
  accept: string;
  /** The one file chosen; the input clears itself, so choosing the same file again is seen too. */
  onFile: (file: File) => void;
  'data-testid'?: string;
}

/** A hidden file input that a button opens (`ref.current.click()`): the photo and the intro video pick this way. */
export const HiddenFilePicker = forwardRef<HTMLInputElement, HiddenFilePickerProps>(function HiddenFilePicker(
  { accept, onFile, ...rest },
  ref,
) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      hidden
      {...rest}
      onChange={(e) => {
        const file = e.currentTarget.files?.[0];
        e.currentTarget.value = '';
        if (file) onFile(file);
      }}
    />
  );
});
