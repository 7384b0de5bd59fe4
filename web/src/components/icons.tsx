// Every icon of the app, as inline SVG (no icon font, nothing to fetch offline). Decorative: the control that holds
// one carries the accessible name.
import type { CSSProperties, ReactNode } from 'react';

export interface IconProps {
  size?: number;
}

/** The frame every icon draws in: a 24-unit stroke icon. Exported for a feature's own icon sets (the note sections). */
export function Icon({ size = 18, filled = false, style, children }: IconProps & { filled?: boolean; style?: CSSProperties; children: ReactNode }) {
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

export const IconCopy = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a1 1 0 0 1 1-1h10" />
  </Icon>
);

export const IconCheck = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M5 12l5 5L20 7" />
  </Icon>
);

/** Clear a field. */
export const IconEraser = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M8 20h12" />
    <path d="M4 16l9-9 6 6-7 7H8z" />
  </Icon>
);

/** Auto-format text. */
export const IconWand = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 20L16 8" />
    <path d="M15 4v3M19 8h3M18 5l2-2M13.5 9.5l1 1" />
  </Icon>
);

/** Forward text to another place. */
export const IconForward = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 18v-2a6 6 0 0 1 6-6h10" />
    <path d="M15 5l5 5-5 5" />
  </Icon>
);

/** 'No updates/new information'. */
export const IconNoUpdates = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="8" />
    <path d="M8 12h8" />
  </Icon>
);

export const IconLock = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </Icon>
);

export const IconClock = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="8" />
    <path d="M12 8v4l3 2" />
  </Icon>
);

/** Note templates: a layout of fields. */
export const IconLayout = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <path d="M4 10h16M10 10v10" />
  </Icon>
);

/** Content extraction. */
export const IconSparkles = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M12 3l1.8 4.2L18 9l-4.2 1.8L12 15l-1.8-4.2L6 9l4.2-1.8z" />
    <path d="M18 15l.9 2.1L21 18l-2.1.9L18 21l-.9-2.1L15 18l2.1-.9z" />
  </Icon>
);

/** AI chat: a speech bubble. */
export const IconMessage = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 5h16v11H9l-5 4z" />
  </Icon>
);

export const IconSend = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 12l16-8-6 16-2-6z" />
    <path d="M12 14l8-10" />
  </Icon>
);

/** Stop a reply that is still arriving. */
export const IconStop = ({ size }: IconProps) => (
  <Icon size={size} filled>
    <rect x="6" y="6" width="12" height="12" rx="1" />
  </Icon>
);

/** Attach a file. */
export const IconPaperclip = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M20 11l-8 8a5 5 0 0 1-7-7l8-8a3.5 3.5 0 0 1 5 5l-8 8a2 2 0 0 1-3-3l7-7" />
  </Icon>
);

export const IconShare = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="6" r="2.5" />
    <circle cx="18" cy="18" r="2.5" />
    <path d="M8.2 10.8l7.6-3.6M8.2 13.2l7.6 3.6" />
  </Icon>
);

/** Export text into a note field. */
export const IconFileExport = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
    <path d="M14 3v5h5M9 14h7M13 11l3 3-3 3" />
  </Icon>
);

/** Minimize a docked dialog. */
export const IconMinus = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M5 12h14" />
  </Icon>
);

/** Open a minimized dialog again. */
export const IconMaximize = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M5 9V5h4M15 5h4v4M19 15v4h-4M9 19H5v-4" />
  </Icon>
);

/** A list of items (the list of chats on a phone). */
export const IconList = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
  </Icon>
);

/** An image file. */
export const IconPhoto = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <circle cx="9" cy="9" r="1.5" />
    <path d="M20 15l-5-5-9 9" />
  </Icon>
);

/** A document file. */
export const IconFile = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
    <path d="M14 3v5h5" />
  </Icon>
);

export const IconMicrophone = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 10a7 7 0 0 0 14 0M12 17v4M8 21h8" />
  </Icon>
);
