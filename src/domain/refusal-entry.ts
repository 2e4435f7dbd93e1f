import type { ErrorCode } from './errors';
import type { MessageId } from '../i18n/messages/message-id';

/** One row of the refusal table (src/domain/refusals.ts): code, reason, catalog message, API text, field. */
export interface RefusalEntry {
  code: ErrorCode;
  reason: string;
  messageId: MessageId;
  field: string | null;
  message: string;
}

export const entry = (
  code: ErrorCode,
  reason: string,
  messageId: MessageId,
  message: string,
  field: string | null = null,
): RefusalEntry => ({
  code,
  reason,
  messageId,
  message,
  field,
});
