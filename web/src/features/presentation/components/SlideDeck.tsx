// A full-screen slide deck: one slide at a time (its title and read-only rich text), moved by arrow, Page and space
// keys, by a swipe on a touch screen, or by the buttons; a slide counter; Escape or the way back leaves.
import { ActionIcon, Anchor, Group, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconChevronLeft, IconChevronRight } from '../../../components/icons';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { slideStep, type Slide } from '../slides';
import classes from './slide-deck.module.css';

/** A horizontal swipe at least this long (px), and more sideways than up or down, turns the slide. */
const SWIPE_PX = 50;

export interface SlideDeckProps {
  /** The deck's name: the page's heading, small above the slides. */
  title: string;
  slides: readonly Slide[];
  /** Where leaving goes (the way back link and Escape): the page the deck was opened from. */
  backTo: { to: string; label: string };
}

export function SlideDeck({ title, slides, backTo }: SlideDeckProps) {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<{ x: number; y: number }>(undefined);
  const count = slides.length;
  const slide = slides[index];

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        void navigate(backTo.to);
        return;
      }
      // Keys inside a control (the close button, a link) keep their own meaning.
      if (event.target instanceof HTMLElement && event.target.closest('button, a, input, textarea')) return;
      const next = slideStep(event, index, count);
      if (next === undefined) return;
      event.preventDefault();
      setIndex(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, count, navigate, backTo.to]);

  const pointerDown = (event: PointerEvent) => {
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const pointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = undefined;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    setIndex((current) => (dx < 0 ? Math.min(current + 1, count - 1) : Math.max(current - 1, 0)));
  };

  return (
    <div className={classes.deck} role="region" aria-roledescription="slide deck" aria-label={title} onPointerDown={pointerDown} onPointerUp={pointerUp}>
      <Group justify="space-between" className={classes.bar}>
        <Title order={1} size="sm" fw={500} c="dimmed" className={classes.deckTitle}>
          {title}
        </Title>
        <Anchor component={Link} to={backTo.to} aria-keyshortcuts="Escape" fw={600}>
          {backTo.label}
        </Anchor>
      </Group>
      {slide ? (
        <section className={classes.slide} aria-roledescription="slide" aria-label={`Slide ${index + 1} of ${count}: ${slide.title}`}>
          <Title order={2} className={classes.title}>
            {slide.title}
          </Title>
          {/* Keyed by slide: the editor reads its content once. */}
          <div className={classes.body}>
            <RichTextEditor key={index} initialContent={slide.body} editable={false} label={slide.title} />
          </div>
        </section>
      ) : (
        <Text className={classes.slide}>There is nothing to present: this deck has no slides.</Text>
      )}
      <Group justify="center" gap="md" className={classes.bar}>
        <ActionIcon variant="light" size="lg" aria-label="Previous slide" disabled={index === 0} onClick={() => setIndex(Math.max(index - 1, 0))}>
          <IconChevronLeft />
        </ActionIcon>
        <Text aria-live="polite" aria-label={`Slide ${Math.min(index + 1, count)} of ${count}`}>
          {Math.min(index + 1, count)} / {count}
        </Text>
        <ActionIcon variant="light" size="lg" aria-label="Next slide" disabled={index >= count - 1} onClick={() => setIndex(Math.min(index + 1, count - 1))}>
          <IconChevronRight />
        </ActionIcon>
      </Group>
    </div>
  );
}
