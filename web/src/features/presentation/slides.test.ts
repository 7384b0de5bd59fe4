import { describe, expect, it } from 'vitest';
import { medEdFeb2025 } from './decks/med-ed-feb-2025';
import { resourceSlides, slideStep } from './slides';

describe('slideStep', () => {
  it.each([
    ['ArrowRight', false, 0, 1],
    ['PageDown', false, 2, 3],
    [' ', false, 1, 2],
    [' ', true, 1, 0],
    ['ArrowLeft', false, 0, 0],
    ['PageUp', false, 3, 2],
    ['ArrowRight', false, 4, 4],
    ['End', false, 0, 4],
    ['Home', false, 3, 0],
  ])('%j (shift %j) from slide %j of 5 goes to %j', (key, shiftKey, index, want) => expect(slideStep({ key, shiftKey }, index, 5)).toBe(want));

  it('ignores other keys', () => expect(slideStep({ key: 'a', shiftKey: false }, 1, 5)).toBeUndefined());
});

describe('resourceSlides', () => {
  it('makes one slide per section, naming untitled ones by their place', () => {
    const section = { id: 'a', title: 'Workup', deltaString: 'text', editing: false, createdAt: '', updatedAt: '' };
    expect(resourceSlides({ textSections: [section, { ...section, id: 'b', title: ' ' }] })).toEqual([
      { title: 'Workup', body: 'text' },
      { title: 'Section 2', body: 'text' },
    ]);
  });
});

describe('the bundled deck', () => {
  it('has a handful of titled slides, each with readable rich text', () => {
    expect(medEdFeb2025.slides.length).toBeGreaterThanOrEqual(6);
    for (const slide of medEdFeb2025.slides) {
      expect(slide.title.trim()).not.toBe('');
      expect(Array.isArray(JSON.parse(slide.body))).toBe(true);
    }
  });
});
