// One identity or qualification document shown in place: fetched with the staff token into a blob
// address (a plain link cannot carry it); an image in <img> that zooms on a press, a PDF in the
// browser's own viewer (<iframe>). The blob address is released when the view goes away.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReviewDocument } from '../../../contract/teacher-review';
import { Button } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { documentFileQuery } from './admin-api';

/** A blob address for fetched bytes, released when they change or the view goes away. */
export function useBlobUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    let live = true;
    // Made and released per effect run (a remount in development runs it twice): never a revoked address.
    queueMicrotask(() => {
      if (live) setUrl(made);
    });
    return () => {
      live = false;
      URL.revokeObjectURL(made);
    };
  }, [blob]);
  return url;
}

export function DocumentView({ document: doc, title }: { document: ReviewDocument; title: string }) {
  const { t } = useLingui();
  const [zoomed, setZoomed] = useState(false);
  const file = useQuery(documentFileQuery(doc.id));
  const url = useBlobUrl(file.data);
  if (!url) return <LoadState failed={file.isError} failedText={<Trans>The file could not be loaded.</Trans>} />;
  if (doc.content_type === 'application/pdf') {
    return <iframe className="console-pdf" src={url} title={title} />;
  }
  return (
    <div className={`console-image${zoomed ? ' console-image-zoomed' : ''}`}>
      <img src={url} alt={title} />
      <Button variant="ghost" className="button-small" aria-pressed={zoomed} onClick={() => setZoomed(!zoomed)}>
        {zoomed ? t({ message: 'Zoom out', context: 'console' }) : t({ message: 'Zoom in', context: 'console' })}
      </Button>
    </div>
  );
}
