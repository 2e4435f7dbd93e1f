import * as v from 'valibot';
import { ROLES } from '../roles';
import { optionalPhone } from './phone';

/** Message ids below are catalog keys (src/i18n/messages); texts are the spec's (part 1 §5). */
const required = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));
const email = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.toLowerCase(),
    v.email('validation.email.invalid'),
    v.maxLength(254, 'validation.email.invalid'),
  );
/** Password length floor: the spec only requires a value; 8 is the minimum NIST SP 800-63B asks for. */
export const newPassword = (message: string) =>
  v.pipe(
    v.string(message),
    v.nonEmpty(message),
    v.minLength(8, 'validation.password.tooShort'),
    v.maxLength(200, 'validation.password.tooLong'),
  );
const optionalText = (max: number) => v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(max, 'validation.text.tooLong'));

export const loginSchema = v.object({
  username: v.pipe(required('access.login.enterUsername'), v.maxLength(254, 'access.login.enterUsername')),
  password: v.pipe(
    v.string('access.login.enterPassword'),
    v.nonEmpty('access.login.enterPassword'),
    v.maxLength(200, 'access.login.enterPassword'),
  ),
  role: v.optional(v.picklist(ROLES), 'ADMIN'),
});
export type LoginInput = v.InferInput<typeof loginSchema>;

export const resetPasswordSchema = v.object({
  email: email('access.reset.enterEmail'),
  lang: v.optional(v.picklist(['en', 'lv', 'ru']), 'lv'),
});

/** Promo code is optional but invalid at 20 or more characters (part 1 §5, §9). */
export const PROMO_CODE_MAX = 19;

export const signupSchema = v.object({
  salonName: v.pipe(required('access.signup.enterSalonName'), v.maxLength(120, 'validation.text.tooLong')),
  salonAddress: v.pipe(required('access.signup.enterSalonAddress'), v.maxLength(200, 'validation.text.tooLong')),
  firstName: v.pipe(required('access.signup.enterFirstName'), v.maxLength(80, 'validation.text.tooLong')),
  lastName: optionalText(80),
  email: email('access.signup.enterEmail'),
  phone: optionalPhone,
  password: newPassword('access.signup.enterPassword'),
  promoCode: v.pipe(optionalText(200), v.maxLength(PROMO_CODE_MAX, 'access.signup.invalidPromoCode')),
  captcha: v.pipe(
    v.string('access.signup.solveCaptcha'),
    v.nonEmpty('access.signup.solveCaptcha'),
    v.maxLength(20000, 'access.signup.solveCaptcha'),
  ),
  lang: v.optional(v.picklist(['en', 'lv', 'ru']), 'lv'),
});
export type SignupInput = v.InferInput<typeof signupSchema>;

const token = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'access.token.invalid'));

export const changePasswordSchema = v.object({
  token,
  password: newPassword('access.changePassword.enterNewPassword'),
  /** An SMS invitation of a master without an e-mail: the address to sign in with (decision 084). */
  email: v.optional(email('access.signup.enterEmail')),
  /** The language of the verification mail that follows a chosen address. */
  lang: v.optional(v.picklist(['en', 'lv', 'ru']), 'lv'),
});

const newPasswordFields = {
  password: newPassword('access.changePassword.enterNewPassword'),
  passwordRepeat: v.pipe(v.string(), v.nonEmpty('access.changePassword.repeatNewPassword')),
};

/** The form adds the repeat field; the server never needs it. */
export const changePasswordFormSchema = v.pipe(
  v.object(newPasswordFields),
  v.forward(
    v.check((input) => input.password === input.passwordRepeat, 'access.changePassword.mismatch'),
    ['passwordRepeat'],
  ),
);

/** The welcome page of an SMS invitation to a master without an e-mail: the address comes with the first password. */
export const welcomeBySmsFormSchema = v.pipe(
  v.object({ email: email('access.signup.enterEmail'), ...newPasswordFields }),
  v.forward(
    v.check((input) => input.password === input.passwordRepeat, 'access.changePassword.mismatch'),
    ['passwordRepeat'],
  ),
);

export const verifyEmailSchema = v.object({
  token,
  email: email('access.reset.enterEmail'),
});

export const newSalonSchema = v.object({
  name: v.pipe(required('salon.new.enterName'), v.maxLength(120, 'validation.text.tooLong')),
  address: v.pipe(required('salon.new.enterAddress'), v.maxLength(200, 'validation.text.tooLong')),
  lang: v.optional(v.picklist(['en', 'lv', 'ru']), 'lv'),
});

export const profileSchema = v.object({
  firstName: v.pipe(required('profile.enterFirstName'), v.maxLength(80, 'validation.text.tooLong')),
  lastName: optionalText(80),
  phone: optionalPhone,
});

export { firstIssue } from './issues';
