/** Sign-in and the account e-mails; other modules send the password-reset mail and look users up by e-mail. */
export { userByEmail } from './auth.repo';
export { forgotPassword } from './auth.service';
