// Creating a BlockNote editor costs about 80 ms of main thread; a patient screen holds some 40 of them. Mounting them
// all in one task blocked the first paint for seconds, so editors ask this queue for a turn: one mounts per idle slot,
// and the next starts only once it has mounted, so frames (and the user's input) get through in between.
import { whenIdle } from '../../platform/when-idle';

interface Turn {
  start: () => void;
}

const waiting: Turn[] = [];
let current: Turn | null = null;
let slotRequested = false;
/** An idle slot has a deadline, so a busy page still mounts its editors. */
const SLOT_DEADLINE_MS = 100;

const startNext = () => {
  if (current || slotRequested || waiting.length === 0) return;
  slotRequested = true;
  whenIdle(() => {
    slotRequested = false;
    if (current) return;
    const next = waiting.shift();
    if (!next) return;
    current = next;
    next.start();
  }, SLOT_DEADLINE_MS);
};

export interface MountTurn {
  /** The editor has mounted (or will not): the next one may start. */
  finish(): void;
}

/** Queues a mount; `start` is called when it is this editor's turn. Finish the turn once mounted, or to give it up. */
export const queueMount = (start: () => void): MountTurn => {
  const turn: Turn = { start };
  waiting.push(turn);
  startNext();
  return {
    finish() {
      const index = waiting.indexOf(turn);
      if (index >= 0) waiting.splice(index, 1);
      if (current === turn) current = null;
      startNext();
    },
  };
};
