// A recording turned into text by the same engine as dictation (the /tools/transcription page): the file is decoded to
// 16 kHz PCM in the browser and streamed at a few times real time, then the engine settles the last words and closes.
import { DICTATION_FRAME_SAMPLES, DICTATION_SAMPLE_RATE } from '@chartside/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../platform/platform-context';
import { audioFileFrames } from './audio-file';
import { applyTranscript } from './dictation-target';
import { connectToEngine } from './engine';
import { TextDictationTarget } from './text-target';
import type { TranscriptionTransport } from './transport';
import { CONNECTION_ERROR } from './use-dictation';

/** Times real time the audio is sent at: engines keep up with it, and an hour takes a quarter of one. */
const SEND_SPEED = 4;
const TICK_MS = 100;
const FRAMES_PER_TICK = Math.ceil((TICK_MS / 1000) * SEND_SPEED * (DICTATION_SAMPLE_RATE / DICTATION_FRAME_SAMPLES));

export type FileTranscriptionState = 'idle' | 'reading' | 'transcribing' | 'done' | 'failed';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useFileTranscription() {
  const api = useApi();
  const [state, setState] = useState<FileTranscriptionState>('idle');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  /** Share of the audio sent, 0 to 1. */
  const [progress, setProgress] = useState(0);
  const transport = useRef<TranscriptionTransport>(undefined);
  const run = useRef(0);

  const stop = useCallback(() => {
    run.current += 1;
    transport.current?.close();
    transport.current = undefined;
  }, []);
  useEffect(() => stop, [stop]);

  const transcribe = useCallback(
    async (file: File) => {
      stop();
      const thisRun = run.current;
      const current = () => run.current === thisRun;
      // Audio is sent once the engine says it is there; a failure before that ends the wait too.
      let engineThere!: () => void;
      const engineReady = new Promise<void>((resolve) => (engineThere = resolve));
      const fail = (message: string) => {
        engineThere();
        if (!current()) return;
        stop();
        setError(message);
        setState('failed');
      };
      setError(undefined);
      setProgress(0);
      setState('reading');
      const target = new TextDictationTarget(setText);
      target.begin();
      let frames: Int16Array[];
      try {
        frames = await audioFileFrames(file);
      } catch (cause) {
        return fail(cause instanceof Error ? cause.message : String(cause));
      }
      if (!current()) return;
      setState('transcribing');
      let listMode = false;
      try {
        transport.current = await connectToEngine(api, {
          onMessage: (message) => {
            if (!current()) return;
            if (message.type === 'status') engineThere();
            else if (message.type === 'error') fail(message.error);
            else listMode = applyTranscript(target, message, listMode);
          },
          onConnectionLost: () => fail(CONNECTION_ERROR),
          onFinished: () => {
            if (!current()) return;
            transport.current = undefined;
            setState('done');
          },
        });
      } catch (cause) {
        return fail(cause instanceof Error ? cause.message : CONNECTION_ERROR);
      }
      await engineReady;
      for (let sent = 0; sent < frames.length && current(); sent += FRAMES_PER_TICK) {
        for (const frame of frames.slice(sent, sent + FRAMES_PER_TICK)) transport.current?.sendAudio(frame);
        setProgress(Math.min(1, (sent + FRAMES_PER_TICK) / frames.length));
        await pause(TICK_MS);
      }
      if (current()) transport.current?.finish();
    },
    [api, stop],
  );

  const cancel = useCallback(() => {
    stop();
    setState('idle');
  }, [stop]);

  return { state, text, error, progress, transcribe, cancel };
}
