import { useId } from 'react';
import { bannerProblem } from '../../domain/rules/banner';
import { useT, type MessageId } from '../../i18n';

/**
 * The banner file (part 2 §2: image or PDF): checked here by the same rule as on the server (size, then the first
 * bytes), so a wrong file is named before it is sent. When editing, a link previews the banner stored earlier.
 */
export function BannerField({
  label,
  current,
  file,
  error,
  onChange,
}: {
  label: string;
  current: string | null;
  file: File | null;
  error: string | null;
  onChange: (file: File | null, problem: MessageId | null) => void;
}) {
  const t = useT();
  const id = useId();
  const pick = async (chosen: File | null) => {
    if (!chosen) return onChange(null, null);
    const head = new Uint8Array(await chosen.slice(0, 16).arrayBuffer());
    onChange(chosen, bannerProblem(chosen.size, head));
  };
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        className="field-input"
        accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => void pick(e.target.files?.[0] ?? null)}
      />
      {current && !file ? (
        <a className="field-description" href={current} target="_blank" rel="noreferrer">
          {t('seminar.bannerPreview')}
        </a>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
