import { z } from './zod.js';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ACCOUNT_SUSPENDED',
  /** 实名验证 is on and the member has no verified phone (issue 38): the app leads them to verify one. */
  'PHONE_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'TIMEOUT',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'MAINTENANCE',
  'BUSY',
  'UNAVAILABLE',
  'NOT_IMPLEMENTED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssue>;

export const errorBody = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  issues: z.array(fieldIssue).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;
