// The seven resource types (spec section 3), each with its own icon and colour, used wherever a resource is shown.
import { ThemeIcon } from '@mantine/core';
import type { ResourceType } from '@chartside/shared';
import type { ReactNode } from 'react';

interface TypeStyle {
  label: string;
  /** A Mantine colour name; its shade 8 passes contrast on white. */
  color: string;
  paths: ReactNode;
}

export const resourceTypeStyles: Record<ResourceType, TypeStyle> = {
  text: { label: 'Text', color: 'gray', paths: <path d="M4 6h16M4 12h16M4 18h10" /> },
  link: {
    label: 'Link',
    color: 'blue',
    paths: (
      <>
        <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
        <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      </>
    ),
  },
  files: {
    label: 'Files',
    color: 'orange',
    paths: <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
  },
  article: {
    label: 'Article',
    color: 'indigo',
    paths: (
      <>
        <path d="M6 3h9l4 4v14H6z" />
        <path d="M9 12h7M9 16h7M9 8h3" />
      </>
    ),
  },
  case: {
    label: 'Case',
    color: 'grape',
    paths: (
      <>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21a8 8 0 0 1 16 0" />
      </>
    ),
  },
  guide: {
    label: 'Guide',
    color: 'teal',
    paths: (
      <>
        <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z" />
        <path d="M4 21h15" />
      </>
    ),
  },
  clinical: {
    label: 'Clinical',
    color: 'red',
    paths: <path d="M10 3h4v7h7v4h-7v7h-4v-7H3v-4h7z" />,
  },
};

/** The type's icon in a tinted square; labelled with the type's name when `label` is set, else decorative. */
export function ResourceTypeIcon({ type, size = 28, label = false }: { type: ResourceType; size?: number; label?: boolean }) {
  const style = resourceTypeStyles[type];
  return (
    <ThemeIcon color={style.color} variant="light" size={size} radius="sm" {...(label ? { role: 'img', 'aria-label': style.label } : { 'aria-hidden': true })}>
      <svg width={size * 0.6} height={size * 0.6} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable={false}>
        {style.paths}
      </svg>
    </ThemeIcon>
  );
}
