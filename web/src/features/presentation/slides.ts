// A presentation's slides: a title and a rich-text body (BlockNote blocks as JSON), one per resource section.
import type { Resource } from '@chartside/shared';

export interface Slide {
  title: string;
  body: string;
}

/** Keys that move a deck: forward, back, or to either end. Space goes back with Shift, as in every slide viewer. */
export const slideStep = (event: Pick<KeyboardEvent, 'key' | 'shiftKey'>, index: number, count: number): number | undefined => {
  const last = count - 1;
  switch (event.key) {
    case 'ArrowRight':
    case 'ArrowDown':
    case 'PageDown':
      return Math.min(index + 1, last);
    case 'ArrowLeft':
    case 'ArrowUp':
    case 'PageUp':
      return Math.max(index - 1, 0);
    case ' ':
      return event.shiftKey ? Math.max(index - 1, 0) : Math.min(index + 1, last);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
};

/** A resource as a deck: one slide per section, in order; a section without a title is called by its place. */
export const resourceSlides = (resource: Pick<Resource, 'textSections'>): Slide[] =>
  resource.textSections.map((section, index) => ({ title: section.title.trim() || `Section ${index + 1}`, body: section.deltaString }));
