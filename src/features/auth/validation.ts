// The auth forms' rules (spec §5) are the app's form rules (src/domain/rules.ts): the contract's Arabic-name
// schema, the password and code rules, birth date and experience; the server checks them again.
export {
  arabicNameSchema,
  asciiDigits,
  birthDateProblem,
  codeProblem,
  confirmationProblem,
  experienceProblem,
  OTP_LENGTH,
  passwordProblem,
  schemaProblem,
} from '../../domain/rules';
