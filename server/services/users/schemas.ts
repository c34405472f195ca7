import { z } from 'zod';
import { dateInput } from '@/server/util/date-input';
import { LOCALES } from '@/i18n/locales';

const timezone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'timezone must be an IANA time zone such as Europe/Vienna');

export const username = z
  .string()
  .trim()
  .min(2)
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, 'username may hold letters, digits, dot, dash and underscore');
export const password = z.string().min(8, 'password must be at least 8 characters').max(256);

export const profileFields = {
  name: z.string().trim().max(200),
  email: z.email().max(254).nullable(),
  preferred_units: z.enum(['metric', 'imperial']),
  timezone,
  max_heart_rate: z.number().int().min(80).max(250).nullable(),
  birthdate: dateInput().nullable(),
  // the web app's language; null follows the browser (an addition beside the contract's fields)
  locale: z.enum(LOCALES).nullable(),
};

export const updateProfileInput = z.strictObject({
  name: profileFields.name.optional(),
  email: profileFields.email.optional(),
  preferred_units: profileFields.preferred_units.optional(),
  timezone: profileFields.timezone.optional(),
  max_heart_rate: profileFields.max_heart_rate.optional(),
  birthdate: profileFields.birthdate.optional(),
  locale: profileFields.locale.optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const changePasswordInput = z.object({ current_password: z.string().max(1024), new_password: password });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const createUserInput = z.object({
  username,
  email: z.email().max(254).nullable().optional(),
  name: z.string().trim().max(200).default(''),
  password,
  access_type: z.enum(['regular', 'admin']).default('regular'),
});
export type CreateUserInput = z.infer<typeof createUserInput>;

export const updateUserInput = updateProfileInput.extend({
  username: username.optional(),
  access_type: z.enum(['regular', 'admin']).optional(),
  active: z.boolean().optional(),
  password: password.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** Step-up proof (spec: Authentication rule 7): API-key creation and the account export ask for it. */
export const stepUpProofFields = {
  current_password: z.string().max(1024).optional(),
  mfa_code: z.string().max(64).optional(),
};

/** CONTRACT: Users and first start: the user record on the wire. */
export const userResponse = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  access_type: z.enum(['regular', 'admin']),
  active: z.boolean(),
  mfa_enabled: z.boolean(),
  preferred_units: z.enum(['metric', 'imperial']),
  timezone: z.string(),
  max_heart_rate: z.number().int().nullable(),
  birthdate: z.iso.date().nullable(),
  locale: z.enum(LOCALES).nullable(),
  created_at: z.iso.datetime(),
});
export type UserResponse = z.infer<typeof userResponse>;
