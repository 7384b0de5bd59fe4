// The pocketsphinx engine's process handling, with Debian's pocketsphinx (npm test installs it): ready, silence, the end,
// and what it says when it cannot start. Speech itself is heard in tests/integration/transcription.test.ts.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SpeechListener } from '../../ports/speech-engine';
import { pocketsphinxProblem, pocketsphinxSpeechEngine, type PocketsphinxOptions } from './pocketsphinx-speech-engine';

const installed: PocketsphinxOptions = { python: '/usr/bin/python3', modelDir: '/usr/share/pocketsphinx/model/en-us', commands: ['end list'] };

const listen = () => {
  const events: string[] = [];
  const listener: SpeechListener = {
    text: (text, isFinal) => events.push(`${isFinal ? 'final' : 'partial'}: ${text}`),
    failed: (message) => events.push(`failed: ${message}`),
    ended: () => events.push('ended'),
    drained: () => undefined,
  };
  return { listener, events };
};

describe('pocketsphinxSpeechEngine', () => {
  it('is installed here', async () => {
    expect(await pocketsphinxProblem(installed)).toBeUndefined();
  });

  it('takes audio once ready, hears nothing in silence, and says when it has ended', async () => {
    const { listener, events } = listen();
    const stream = await pocketsphinxSpeechEngine(installed).open(listener);
    for (let i = 0; i < 30; i += 1) stream.write(Buffer.alloc(2048));
    stream.end();
    await expect.poll(() => events).toEqual(['ended']);
  });

  it('says nothing after it is closed', async () => {
    const { listener, events } = listen();
    const stream = await pocketsphinxSpeechEngine(installed).open(listener);
    stream.close();
    stream.write(Buffer.alloc(2048));
    stream.end();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual([]);
  });

  it.each([
    ['its Python is missing', { python: '/nonexistent/python3' }, /^The speech engine \(pocketsphinx\) could not start: spawn \/nonexistent\/python3 ENOENT$/],
    ['its model is missing', { modelDir: '/nonexistent' }, /^The speech engine \(pocketsphinx\) could not start: RuntimeError/],
  ])('refuses to open, saying why, when %s', async (_what, options, message) => {
    const { listener, events } = listen();
    await expect(pocketsphinxSpeechEngine({ ...installed, ...options }).open(listener)).rejects.toThrow(message);
    expect(events).toEqual([]);
  });

  it('names what is missing', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'no-model-'));
    expect(await pocketsphinxProblem({ ...installed, modelDir: empty })).toBe(
      `pocketsphinx model files missing: ${path.join(empty, 'en-us')}, ${path.join(empty, 'en-us.lm.bin')}, ${path.join(empty, 'cmudict-en-us.dict')}`,
    );
  });
});
