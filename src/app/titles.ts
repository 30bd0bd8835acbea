// Translated page titles (spec §2). The tab shows "<app name> | <title>"; a page with none falls back to home.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const appName = msg`Noor`;

export const titles = {
  home: msg`Home`,
  aboutUs: msg`About us`,
  teachers: msg`Teachers`,
  privacyPolicy: msg`Privacy policy`,
  termsConditions: msg`Terms and conditions`,
  userCondition: msg`User conditions`,
  contactUs: msg`Contact us`,
  signIn: msg`Sign in`,
  signUp: msg`Sign up`,
  verification: msg`Verification`,
  completeRegister: msg`Complete registration`,
  forgetPassword: msg`Forgot password`,
  resetPassword: msg`Reset password`,
  profile: msg`Profile`,
  requests: msg`Requests`,
  packages: msg`Packages`,
  receipt: msg`Receipt`,
  earnings: msg`Earnings`,
  calendar: msg`Calendar`,
  notifications: msg`Notifications`,
  messages: msg`Messages`,
  conversation: msg`Conversation`,
  session: msg`Session`,
  sessionDetails: msg`Session details`,
  childProgress: msg`Progress`,
  accountReview: msg`Account review`,
  teacherTerms: msg`Teacher terms`,
  teacherBooking: msg`Book a session`,
  notFound: msg`Page not found`,
  flows: msg`Flows studio`,
  console: msg`Operators' console`,
} satisfies Record<string, MessageDescriptor>;

export type TitleKey = keyof typeof titles;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    title?: TitleKey;
    /**
     * Rendered per request with its public data (server/http/ssr.ts): the server runs the route's loader
     * through its own API and sends the page with the data in it.
     */
    ssr?: boolean;
  }
}
