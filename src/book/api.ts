import type { MessageId } from '../i18n/messages/message-id';
import type { TypedDocumentString } from './generated';

/** What a refused or failed call shows: the message, and the field it belongs on (null: the form's top). */
export interface PageError {
  messageId: MessageId;
  field: string | null;
  /** SLOT_TAKEN: free starts near the one asked. */
  nearest?: string[];
}

export class BookingError extends Error {
  constructor(readonly error: PageError) {
    super(error.messageId);
  }
}

interface GraphQLAnswer<R> {
  data?: R | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * One question to the server's /graphql, the document sent as text (src/book/generated.ts): the page carries no
 * GraphQL client. A refusal comes back as its message and field; no network is "no connection".
 */
export async function ask<R, V>(document: TypedDocumentString<R, V>, variables: V): Promise<R> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: document.toString(), variables }),
    });
  } catch {
    throw new BookingError({ messageId: 'book.offline', field: null });
  }
  const answer = (await response.json().catch(() => null)) as GraphQLAnswer<R> | null;
  const first = answer?.errors?.[0];
  if (first) {
    const ext = first.extensions ?? {};
    const messageId =
      typeof ext.messageId === 'string'
        ? (ext.messageId as MessageId)
        : ext.code === 'TooManyRequests'
          ? 'error.tooManyAttempts'
          : 'book.failed';
    const field = typeof ext.field === 'string' ? ext.field : null;
    const nearest = Array.isArray(ext.nearest) ? (ext.nearest as string[]) : undefined;
    throw new BookingError({ messageId, field, ...(nearest ? { nearest } : {}) });
  }
  if (!answer?.data) throw new BookingError({ messageId: 'book.failed', field: null });
  return answer.data;
}

/** The error a failed call shows. */
export const pageErrorOf = (error: unknown): PageError =>
  error instanceof BookingError ? error.error : { messageId: 'book.failed', field: null };
