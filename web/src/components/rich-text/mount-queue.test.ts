import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queueMount, type MountTurn } from './mount-queue';

describe('the editor mount queue', () => {
  it('starts one mount at a time, the next once the previous has finished or given up', async () => {
    const started: string[] = [];
    const turns: Record<string, MountTurn> = {};
    for (const name of ['first', 'second', 'third', 'fourth']) turns[name] = queueMount(() => started.push(name));

    await waitFor(() => expect(started).toEqual(['first']));
    turns.third!.finish(); // gone before its turn (its editor left the page)
    turns.first!.finish();
    await waitFor(() => expect(started).toEqual(['first', 'second']));
    turns.second!.finish();
    await waitFor(() => expect(started).toEqual(['first', 'second', 'fourth']));
    turns.fourth!.finish();
  });
});
