// The card every auth screen sits in: the page's one heading, then the screen's content.
import type { ReactNode } from 'react';

export function AuthCard({ title, wide = false, children }: { title: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <section className="page container auth-page">
      <div className={`auth-card${wide ? ' auth-card-wide' : ''}`}>
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
