// Debian's pocketsphinx (python3-pocketsphinx, pocketsphinx-en-us) as a live speech engine: one helper process per
// stream (pocketsphinx-stream.py beside this file), audio on its stdin, partial and final text back as JSON lines.
// Partial text comes while a phrase is spoken; the final text about 0.3 s after it ends. Voice commands the general
// language model mishears by one sound ('and list') come back as the command.
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DICTATION_SAMPLE_RATE } from '@chartside/shared';
import * as z from 'zod';
import type { SpeechEngine, SpeechStream } from '../../ports/speech-engine';

const SCRIPT = path.join(import.meta.dirname, 'pocketsphinx-stream.py');
/** Audio written but not yet read by the engine, past which a writer ignored `write` answering false: 10 s of audio. */
const MAX_BACKLOG_BYTES = 10 * DICTATION_SAMPLE_RATE * 2;
/** Loading the model takes about 0.4 s; a busy machine gets much longer. */
const START_TIMEOUT_MS = 20_000;
const STDERR_KEPT = 2_000;

const EngineLine = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('partial'), text: z.string() }),
  z.object({ type: z.literal('final'), text: z.string() }),
]);

export interface PocketsphinxOptions {
  /** A Python with the pocketsphinx module: Debian's /usr/bin/python3 with python3-pocketsphinx. */
  python: string;
  /** The en-us model folder (Debian's pocketsphinx-en-us: /usr/share/pocketsphinx/model/en-us). */
  modelDir: string;
  /** The voice commands' phrases: a short final text that sounds nearly like one is given as that phrase. */
  commands: readonly string[];
}

/** Whether the module and the model are installed: undefined when they are, else what is missing. */
export const pocketsphinxProblem = (options: Pick<PocketsphinxOptions, 'python' | 'modelDir'>) =>
  new Promise<string | undefined>((resolve) => {
    execFile(options.python, [SCRIPT, '--check', options.modelDir], { timeout: START_TIMEOUT_MS }, (error, _stdout, stderr) =>
      resolve(error ? stderr.trim() || error.message : undefined),
    );
  });

export const pocketsphinxSpeechEngine = (options: PocketsphinxOptions): SpeechEngine => ({
  name: 'pocketsphinx',
  open: (listener) =>
    new Promise<SpeechStream>((resolve, reject) => {
      const child = spawn(options.python, [SCRIPT, options.modelDir, ...options.commands], { stdio: ['pipe', 'pipe', 'pipe'] });
      let state: 'starting' | 'running' | 'ending' | 'closed' = 'starting';
      let stderr = '';

      const stop = () => {
        state = 'closed';
        clearTimeout(startTimer);
        child.kill('SIGKILL');
      };
      const fail = (message: string) => {
        if (state === 'closed') return;
        const starting = state === 'starting';
        stop();
        if (starting) reject(new Error(message));
        else listener.failed(message);
      };
      const startTimer = setTimeout(() => fail('The speech engine (pocketsphinx) took too long to start.'), START_TIMEOUT_MS);

      const stream: SpeechStream = {
        write(pcm) {
          if (state !== 'running') return true;
          if (child.stdin.writableLength <= MAX_BACKLOG_BYTES) return child.stdin.write(pcm);
          fail('Dictation stopped: the speech engine could not keep up with the audio.');
          return true;
        },
        end() {
          if (state !== 'running') return;
          state = 'ending';
          child.stdin.end();
        },
        close: () => {
          if (state !== 'closed') stop();
        },
      };

      createInterface({ input: child.stdout }).on('line', (line) => {
        if (state === 'closed') return;
        let parsed;
        try {
          parsed = EngineLine.parse(JSON.parse(line));
        } catch {
          fail('Dictation stopped: the speech engine (pocketsphinx) answered something unreadable.');
          return;
        }
        if (parsed.type === 'ready') {
          clearTimeout(startTimer);
          state = 'running';
          resolve(stream);
        } else listener.text(parsed.text, parsed.type === 'final');
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT)));
      // EPIPE when the process has gone: its exit says what happened.
      child.stdin.on('error', () => undefined);
      child.stdin.on('drain', () => state === 'running' && listener.drained());
      child.on('error', (error) => fail(`The speech engine (pocketsphinx) could not start: ${error.message}`));
      // 'close' comes after stdout has ended, so every line has been read by then.
      child.on('close', (code) => {
        if (state === 'ending' && code === 0) {
          state = 'closed';
          listener.ended();
          return;
        }
        const why = stderr ? `: ${stderr.trim().split('\n').at(-1)}` : '.';
        fail(state === 'starting' ? `The speech engine (pocketsphinx) could not start${why}` : `Dictation stopped: the speech engine (pocketsphinx) exited${why}`);
      });
    }),
});
