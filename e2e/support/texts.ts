// The English source strings the e2e suite relies on, in one place: page titles, the error
// catalogue (spec §8) and the form messages agreed for the contact and newsletter forms.
export const APP_NAME = 'Noor';

/** Arabic fixed by the spec's brief, used only while the catalog lacks them (the catalog test fails then). */
export const AGREED_AR: Record<string, string> = { Noor: 'نور', Home: 'الرئيسية', 'This field is required': 'هذا الحقل مطلوب' };

export const TITLES = {
  home: 'Home',
  aboutUs: 'About us',
  contactUs: 'Contact us',
  teachers: 'Teachers',
  signIn: 'Sign in',
  notFound: 'Page not found',
} as const;

export const ERRORS = {
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  serverError: 'Server error',
  generic: 'Error',
  network: 'Network error',
  checkConnection: 'Could not reach the server. Check your internet connection and try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export const FORM = {
  required: 'This field is required',
  // The exact wording of these two is the form's to choose; they must name what is wrong.
  invalidEmail: /valid email|email address is (not )?valid|invalid email/i,
  messageLength: /10|400|characters|too short/i,
} as const;
