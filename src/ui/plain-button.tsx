import type { ButtonHTMLAttributes, Ref } from 'react';
import type { ButtonVariant } from './button';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'disabled' | 'type'> & {
  variant?: ButtonVariant;
  onPress?: () => void;
  isDisabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A native button in the look of the panel's Button, for what paints before React Aria's press handling has loaded:
 * the landing page, the menus' stand-ins, the error page, the timetable's header and toolbar and the subscription
 * banner (decision 048). The browser's own button gives keyboard,
 * touch and focus; hover shows by `:hover` where Button's shows by its data attribute.
 */
export function PlainButton({ variant = 'secondary', className, onPress, isDisabled, ref, ...props }: Props) {
  return (
    <button
      type="button"
      {...props}
      ref={ref}
      disabled={isDisabled}
      data-disabled={isDisabled || undefined}
      onClick={onPress}
      className={`btn btn-${variant} btn-plain${className ? ` ${className}` : ''}`}
    />
  );
}
