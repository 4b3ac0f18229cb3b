import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './icon';

type IconButtonProps = {
  icon: IconName;
  /** The accessible name; icons are decorative, so every icon button needs one. */
  label: string;
  /** Tooltip; defaults to the label. */
  title?: string;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'title' | 'aria-label' | 'children'>;

/** A toolbar button that shows only an icon and is named by its label. */
export function IconButton({ icon, label, title = label, ...buttonProps }: IconButtonProps) {
  return (
    <button type="button" className="icon-button" aria-label={label} title={title} {...buttonProps}>
      <Icon name={icon} />
    </button>
  );
}
