// One step of the session around the call (checking, refused, failed, ended): its heading takes the
// focus when the step appears, so screen-reader and keyboard users hear where they are.
import { useEffect, useRef, type ReactNode } from 'react';

export interface NoticeProps {
  heading: ReactNode;
  /** `alert` for a step that reports a problem. */
  role?: 'alert';
  testId?: string;
  children?: ReactNode;
}

export function Notice({ heading, role, testId, children }: NoticeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="live-session-notice" role={role} data-testid={testId}>
      <h1 ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      {children}
    </div>
  );
}
