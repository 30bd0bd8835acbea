// The profile forms' messages are the app's form messages (src/ui/form-messages.ts).
export { fieldErrors, formMessage as profileMessage } from '../../ui/form-messages';
