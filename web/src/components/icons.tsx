// Every icon of the app, as inline SVG (no icon font, nothing to fetch offline). Decorative: the control that holds
// one carries the accessible name.
import type { CSSProperties, ReactNode } from 'react';

interface IconProps {
  size?: number;
}

function Icon({ size = 18, filled = false, style, children }: IconProps & { filled?: boolean; style?: CSSProperties; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      style={style}
      aria-hidden
      focusable={false}
    >
      {children}
    </svg>
  );
}

export const IconDotsVertical = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </Icon>
);

export const IconBookmark = ({ filled, size = 20 }: IconProps & { filled: boolean }) => (
  <Icon size={size} filled={filled}>
    <path d="M6 3h12v18l-6-4-6 4z" />
  </Icon>
);

export const IconPencil = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </Icon>
);

/** Back. */
export const IconArrowLeft = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Icon>
);

export const IconChevronLeft = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M15 6l-6 6 6 6" />
  </Icon>
);

export const IconChevronRight = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M9 6l6 6-6 6" />
  </Icon>
);

/** Points right when closed and down when open. */
export const IconChevron = ({ open, size }: IconProps & { open: boolean }) => (
  <Icon size={size} style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 150ms' }}>
    <path d="M9 6l6 6-6 6" />
  </Icon>
);

export const IconExternalLink = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M14 4h6v6" />
    <path d="M20 4l-9 9" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);

export const IconListAdd = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 6h10M4 12h10M4 18h6" />
    <path d="M18 14v6M15 17h6" />
  </Icon>
);

export const IconTrash = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
  </Icon>
);

export const IconX = ({ size = 14 }: IconProps) => (
  <Icon size={size}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const IconFlag = ({ size = 16 }: IconProps) => (
  <Icon size={size}>
    <path d="M6 21V4h11l-2 4 2 4H6" />
  </Icon>
);

export const IconPlus = ({ size = 16 }: IconProps) => (
  <Icon size={size}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const IconGrip = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="9" cy="6" r="1" />
    <circle cx="9" cy="12" r="1" />
    <circle cx="9" cy="18" r="1" />
    <circle cx="15" cy="6" r="1" />
    <circle cx="15" cy="12" r="1" />
    <circle cx="15" cy="18" r="1" />
  </Icon>
);
