import type { ReactNode } from 'react';

/** A form-level message (errors without a field, confirmations). */
export function FormMessage({ kind = 'error', children }: { kind?: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`form-message form-message-${kind}`}>
      {children}
    </div>
  );
}
