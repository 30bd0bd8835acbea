// The form messages the auth screens use.
// The auth forms' messages are the app's form messages (src/domain/form-messages.ts).
export { fieldErrors, formMessage as authMessage } from '../../domain/form-messages';
