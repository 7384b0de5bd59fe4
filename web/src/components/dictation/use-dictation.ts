// Dictation into one text (spec section 4 'Dictation'): idle → configuring → listening → stopped. Connects to the
// engine, takes the microphone, streams 16 kHz PCM and hands what comes back to the target: partial text to show,
// final text to insert at the cursor, voice commands to apply. Stops on toggle (the engine first settles the last
// words), on the engine's error (its text is shown), on a lost connection ('Connection error occurred') or when the
// text goes away. Text heard but never settled is inserted as it was shown: nothing said is dropped.
import type { TranscriptionServerMessage } from '@chartside/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { applyTranscript, type DictationTarget } from './dictation-target';
import type { ConnectToEngine } from './engine';
import { captureMicrophone, type MicrophoneCapture } from './microphone';
import type { TranscriptionTransport } from './transport';

export type DictationState = 'idle' | 'configuring' | 'listening' | 'stopped';

export const CONNECTION_ERROR = 'Connection error occurred';
const microphoneError = (message: string) => `Error accessing microphone: ${message}`;
/** How long a stopped dictation waits for the engine's last words. */
const FINISH_TIMEOUT_MS = 3_000;

export function useDictation(target: DictationTarget, connect: ConnectToEngine) {
  const [state, setState] = useState<DictationState>('idle');
  const [error, setError] = useState<string>();
  const [listMode, setListMode] = useState(false);
  // The parts of one listening session; `run` tells the answers of an older session to stand down.
  const run = useRef(0);
  const transport = useRef<TranscriptionTransport>(undefined);
  const microphone = useRef<MicrophoneCapture>(undefined);
  const finishTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const partial = useRef('');
  const listing = useRef(false);
  const latestTarget = useRef(target);
  useEffect(() => {
    latestTarget.current = target;
  }, [target]);

  /** Ends the session at once: the microphone and the connection go, and unsettled text is inserted as shown. */
  const end = useCallback((message?: string) => {
    run.current += 1;
    clearTimeout(finishTimer.current);
    microphone.current?.stop();
    microphone.current = undefined;
    transport.current?.close();
    transport.current = undefined;
    if (partial.current) latestTarget.current.insertFinal(partial.current, listing.current);
    partial.current = '';
    latestTarget.current.showPartial('');
    if (message !== undefined) setError(message);
    setState('stopped');
  }, []);

  const receive = useCallback(
    (message: TranscriptionServerMessage) => {
      if (message.type === 'error') return end(message.error);
      if (message.type === 'status') return setState((now) => (now === 'configuring' ? 'listening' : now));
      partial.current = message.isFinal ? '' : message.text;
      listing.current = applyTranscript(latestTarget.current, message, listing.current);
      setListMode(listing.current);
    },
    [end],
  );

  const start = useCallback(async () => {
    end();
    const thisRun = run.current;
    const current = () => run.current === thisRun;
    setError(undefined);
    setState('configuring');
    listing.current = false;
    setListMode(false);
    latestTarget.current.begin();
    const frames: Int16Array[] = [];
    try {
      // The microphone first: words spoken while the engine connects wait in `frames`.
      microphone.current = await captureMicrophone((frame) => (transport.current ? transport.current.sendAudio(frame) : frames.push(frame)));
    } catch (cause) {
      if (current()) end(microphoneError(cause instanceof Error ? cause.message : String(cause)));
      return;
    }
    if (!current()) return;
    try {
      const connected = await connect({
        onMessage: (message) => current() && receive(message),
        onConnectionLost: () => current() && end(CONNECTION_ERROR),
        onFinished: () => current() && end(),
      });
      if (!current()) return connected.close();
      transport.current = connected;
      for (const frame of frames.splice(0)) connected.sendAudio(frame);
    } catch (cause) {
      if (current()) end(cause instanceof Error ? cause.message : CONNECTION_ERROR);
    }
  }, [connect, end, receive]);

  /** The user stops: no more audio, and the engine has a moment to settle the last words. */
  const finish = useCallback(() => {
    microphone.current?.stop();
    microphone.current = undefined;
    if (!transport.current) return end();
    transport.current.finish();
    setState('stopped');
    finishTimer.current = setTimeout(() => end(), FINISH_TIMEOUT_MS);
  }, [end]);

  const toggle = useCallback(() => {
    if (state === 'configuring' || state === 'listening') finish();
    else void start();
  }, [finish, start, state]);

  // The text goes away (another page, the section removed): the microphone is released.
  useEffect(
    () => () => {
      run.current += 1;
      clearTimeout(finishTimer.current);
      microphone.current?.stop();
      transport.current?.close();
    },
    [],
  );

  return { state, error, listMode, toggle };
}
