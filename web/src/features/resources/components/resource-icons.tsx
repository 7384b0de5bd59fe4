// The resource screen's icons, as inline SVG. Decorative: the control that holds one carries the accessible name.
import type { SVGProps } from 'react';

const base = (size: number): SVGProps<SVGSVGElement> => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
});

export function IconBookmark({ filled, size = 20 }: { filled: boolean; size?: number }) {
  return (
    <svg {...base(size)} fill={filled ? 'currentColor' : 'none'}>
      <path d="M6 3h12v18l-6-4-6 4z" />
    </svg>
  );
}

export function IconPencil({ size = 18 }: { size?: number }) {
  return (
    <svg {...base(size)}>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="M13.5 6.5l4 4" />
    </svg>
  );
}

export function IconArrowLeft({ size = 18 }: { size?: number }) {
  return (
    <svg {...base(size)}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </svg>
  );
}

export function IconChevron({ open, size = 18 }: { open: boolean; size?: number }) {
  return (
    <svg {...base(size)} style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 150ms' }}>
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}
