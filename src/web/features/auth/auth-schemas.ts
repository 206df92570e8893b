import { z } from 'zod';
import '../../../shared/zod-locale';

/** docs/rules/accounts-and-data.md 'Passwords': at least 8 characters (4, as first written, was too weak). */
export const MIN_PASSWORD_LENGTH = 8;

const email = z.string().trim().min(1, 'Informe seu e-mail').pipe(z.email('E-mail inválido'));
const passwordField = (missing: string) =>
  z
    .string()
    .min(1, missing)
    .min(MIN_PASSWORD_LENGTH, 'A senha deve ter pelo menos 8 caracteres')
    .max(128, 'A senha deve ter no máximo 128 caracteres');
const password = passwordField('Informe sua senha');

export const signInSchema = z.object({ email, password });
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Informe seu nome completo').max(120, 'Nome muito longo'),
  email,
  password,
  // The server refuses a sign-up without it too (src/server/auth.ts, TERMS_NOT_ACCEPTED).
  acceptTerms: z.boolean().refine((value) => value, 'Para criar sua conta, aceite os Termos de uso e a Política de privacidade.'),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The new password of /reset-password, typed twice. */
export const resetPasswordSchema = z
  .object({ password: passwordField('Informe a nova senha'), confirmPassword: z.string().min(1, 'Confirme a nova senha') })
  .refine((values) => values.password === values.confirmPassword, { message: 'As senhas não coincidem', path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === '/auth' || value.startsWith('/auth?')) return '/';
  return value;
}
