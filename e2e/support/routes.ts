// The public pages every e2e sweep visits (axe in both themes, layout and text checks): one list, so
// a new public page is added once.
export const PUBLIC_PAGES = [
  '/',
  '/about-us',
  '/privacy-policy',
  '/terms-conditions',
  '/user-condition',
  '/contact-us',
  '/teachers',
  '/sign-in',
  '/sign-up',
  '/verify-otp?phone=%2B97455555555',
  '/forget-password',
  '/reset-password',
  '/no-such-page',
];
