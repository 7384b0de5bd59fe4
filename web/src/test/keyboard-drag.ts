// Keyboard moves of a dnd-kit sortable list in jsdom.
import { act, fireEvent } from '@testing-library/react';

/**
 * Presses a key for a keyboard drag and waits a timer turn: dnd-kit's keyboard sensor listens for the keys after the
 * lift from a timer, so a key pressed before that timer has run is lost (more often on a loaded machine).
 */
export const pressDragKey = async (target: Element | Document, code: string) => {
  fireEvent.keyDown(target, { code });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
};
