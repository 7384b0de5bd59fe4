// The icons of Home's controls, as inline SVG. Decorative: the control that holds one carries the accessible name.
import type { ReactNode } from 'react';

function Icon({ size = 18, children }: { size?: number; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable={false}>
      {children}
    </svg>
  );
}

export const IconPencil = () => (
  <Icon>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </Icon>
);

export const IconExternalLink = () => (
  <Icon>
    <path d="M14 4h6v6" />
    <path d="M20 4l-9 9" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);

export const IconListAdd = () => (
  <Icon>
    <path d="M4 6h10M4 12h10M4 18h6" />
    <path d="M18 14v6M15 17h6" />
  </Icon>
);

export const IconArrowLeft = () => (
  <Icon>
    <path d="M15 6l-6 6 6 6" />
  </Icon>
);

export const IconArrowRight = () => (
  <Icon>
    <path d="M9 6l6 6-6 6" />
  </Icon>
);

export const IconTrash = () => (
  <Icon>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);

export const IconX = () => (
  <Icon size={14}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const IconFlag = () => (
  <Icon size={16}>
    <path d="M6 21V4h11l-2 4 2 4H6" />
  </Icon>
);
