import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';

/** The one button of the panel (react-aria: keyboard, touch and focus handled); `ref` reaches the DOM button. */
export function Button({
  variant = 'secondary',
  className,
  ref,
  ...props
}: ButtonProps & { variant?: ButtonVariant; ref?: Ref<HTMLButtonElement> }) {
  return <AriaButton {...props} ref={ref} className={`btn btn-${variant}${className ? ` ${String(className)}` : ''}`} />;
}
