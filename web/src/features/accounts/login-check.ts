import { isValidEmail } from '@contract/limits';

/** The shell's check before sending (§2.5): a valid email and a non-empty password. */
export function canSendLogin(email: string, password: string): boolean {
  return isValidEmail(email.trim()) && password.length > 0;
}
