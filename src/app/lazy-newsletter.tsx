// The footer's newsletter form is loaded only when the footer comes near the viewport: it brings
// TanStack Form and zod, which a first visit to the home page would otherwise download for nothing
// (the home route's JavaScript budget is 180 KB gzip; `npm run size` prints it).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const NewsletterForm = lazy(() =>
  import('../features/pages/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);

export function LazyNewsletter() {
  const slot = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, jsdom) the form loads at once. The build-time render
  // (no window) leaves the slot empty, as a browser's first render does, so hydration matches.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = slot.current;
    if (!el || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={slot} className="footer-newsletter" data-testid="newsletter-slot">
      {near && (
        <Suspense fallback={null}>
          <NewsletterForm />
        </Suspense>
      )}
    </div>
  );
}
