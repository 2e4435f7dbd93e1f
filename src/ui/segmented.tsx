import { PlainButton } from './plain-button';

/**
 * A row of buttons choosing one value (By masters / By cabinets, List / Grid, Only me / Everyone): the chosen
 * one is pressed and filled. Plain buttons, so it draws on the timetable's first paint without React Aria.
 */
export function Segmented<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((o) => (
        <PlainButton
          key={o.value}
          variant={o.value === value ? 'primary' : 'secondary'}
          aria-pressed={o.value === value}
          onPress={() => onChange(o.value)}
        >
          {o.label}
        </PlainButton>
      ))}
    </div>
  );
}
