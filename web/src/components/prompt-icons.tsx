// The icons of saved prompts, beside the app's set (icons.tsx): a favourite's star, and the prompts menu's mark.
import { Icon, type IconProps } from './icons';

export const IconStar = ({ filled, size = 18 }: IconProps & { filled: boolean }) => (
  <Icon size={size} filled={filled}>
    <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
  </Icon>
);

/** A speech bubble with lines of text: a saved prompt. */
export const IconPrompt = ({ size = 18 }: IconProps) => (
  <Icon size={size}>
    <path d="M4 4h16v12H8l-4 4z" />
    <path d="M8 8h8M8 12h5" />
  </Icon>
);
