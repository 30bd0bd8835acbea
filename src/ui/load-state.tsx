// What stands where a query's data will be shown until it is there: a muted note when it could not be
// read, else (still reading) a note naming what is being read, or the spinner.
import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export function LoadState({ failed, failedText, loadingText }: { failed: boolean; failedText: ReactNode; loadingText?: ReactNode }) {
  if (failed) return <p className="muted">{failedText}</p>;
  return loadingText ? <p className="muted">{loadingText}</p> : <Spinner />;
}
