import {
  EMAIL_MESSAGE,
  isEmail,
  isPhoneLoose,
  isStrongPassword,
  PASSWORD_MESSAGE,
  PHONE_MESSAGE,
} from '@fleet/domain';
import { texts } from '../../locales';

const t = texts.system.users;

/** The server's username rule: 3-30 letters, digits or underscores. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;

/** Why a typed username is refused, or null. */
export function usernameError(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return t.usernameRequired;
  return USERNAME_PATTERN.test(text) ? null : t.usernameRule;
}

/** Phone: optional; else 11 digits starting with 1 (手机号码不符合规范). */
export function phoneError(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  return text === '' || isPhoneLoose(text) ? null : PHONE_MESSAGE;
}

/** Email: optional; else a standard address (邮箱格式不符合规范). */
export function emailError(value: string | undefined): string | null {
  return isEmail((value ?? '').trim()) ? null : EMAIL_MESSAGE;
}

/** The password policy (密码6-20位,且包含大小写、数字和特殊字符). */
export function passwordError(value: string | undefined): string | null {
  if (!value) return t.passwordRequired;
  return isStrongPassword(value) ? null : PASSWORD_MESSAGE;
}

/** The second entry must repeat the first. */
export function confirmError(password: string | undefined, confirm: string | undefined): string | null {
  if (!confirm) return t.confirmRequired;
  return confirm === password ? null : t.passwordMismatch;
}

/** The values of the user dialog. */
export interface UserFormValues {
  username: string;
  password?: string;
  confirmPassword?: string;
  nickname: string;
  phone?: string;
  email?: string;
  teamCode: string;
  roleIds: number[];
  isManager?: boolean;
}

/** The membership fields as the add and edit calls take them (text trimmed). */
export function userFields(values: UserFormValues) {
  return {
    nickname: values.nickname.trim(),
    phone: (values.phone ?? '').trim(),
    email: (values.email ?? '').trim(),
    teamCode: values.teamCode,
    roleIds: values.roleIds,
    isManager: values.isManager ?? false,
  };
}
