import type { ReactNode } from 'react';

/**
 * One section of a settings page (Salon settings, Owner settings): its heading, named for the section's landmark, an
 * optional note under it, and what the section holds.
 */
export function SettingsSection({ id, title, note, children }: { id: string; title: string; note?: string; children?: ReactNode }) {
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {note ? <p className="section-note">{note}</p> : null}
      {children}
    </section>
  );
}
