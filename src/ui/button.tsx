import { Button as AriaButton, type ButtonProps } from 'react-aria-components';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';

/** The one button of the panel (react-aria: keyboard, touch and focus handled). */
export function Button({ variant = 'secondary', className, ...props }: ButtonProps & { variant?: Variant }) {
  return <AriaButton {...props} className={`btn btn-${variant}${className ? ` ${String(className)}` : ''}`} />;
}
