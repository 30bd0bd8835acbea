// Brings an element to the top of the window, below the sticky site header (whose height changes: one
// row or two on a phone, a guest's row of sign-in links), and focuses it without scrolling again.
// Used where a page lands on a part of itself that appeared after the navigation.

/** The gap kept between the header and the element. */
const GAP_PX = 16;

export function scrollBelowHeader(element: HTMLElement): void {
  const header = document.querySelector<HTMLElement>('.site-header');
  const headerHeight = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().height : 0;
  const top = element.getBoundingClientRect().top + window.scrollY - headerHeight - GAP_PX;
  if (typeof window.scrollTo === 'function') window.scrollTo({ top: Math.max(0, top) });
  element.focus({ preventScroll: true });
}
