// The profile forms' messages are the app's form messages (src/domain/form-messages.ts).
export { fieldErrors, formMessage as profileMessage } from '../../domain/form-messages';
