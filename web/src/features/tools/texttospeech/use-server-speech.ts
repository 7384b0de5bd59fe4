// The server's speech (Amazon Polly) as a player: the text goes to POST /api/speech a piece at a time (at most
// MAX_SPEECH_TEXT characters, cut at sentences), each answered as an MP3 that plays in the page's <audio> element from a
// blob: URL while the next is fetched; pause, resume and stop are the element's, speed its playbackRate.
import { MAX_SPEECH_TEXT, speechAudioRoute, textPieces, type SpeechVoiceId } from '@chartside/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../platform/platform-context';
import type { SpeechState } from './use-speech';

/** A piece takes Polly a couple of calls: room for them on a slow network. */
const SPEECH_TIMEOUT_MS = 60_000;

export function useServerSpeech() {
  const api = useApi();
  const audio = useRef<HTMLAudioElement | null>(null);
  /** The ref of the page's <audio> element. */
  const attach = useCallback((element: HTMLAudioElement | null) => {
    audio.current = element;
  }, []);
  const [state, setState] = useState<SpeechState | 'preparing'>('idle');
  const [error, setError] = useState<string>();
  // Which reading an answer belongs to: one that arrives after Stop or a newer Play is dropped.
  const reading = useRef(0);
  const url = useRef<string>(undefined);

  const release = () => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = undefined;
  };
  useEffect(
    () => () => {
      reading.current += 1;
      audio.current?.pause();
      release();
    },
    [],
  );

  /** The pieces of the reading still to play, each fetched (started) once; the next is fetched while one plays. */
  const queue = useRef<{ pieces: string[]; voice: SpeechVoiceId; next: Promise<Blob> | undefined }>(undefined);

  const fetchPiece = useCallback(
    async (text: string, voice: SpeechVoiceId) => (await api.requestBytes(speechAudioRoute.method, speechAudioRoute.path, { body: { text, voice }, timeoutMs: SPEECH_TIMEOUT_MS })).blob(),
    [api],
  );

  /** Plays the next piece of reading `id`; false when there is none left. */
  const playNext = useCallback(
    async (id: number): Promise<boolean> => {
      const waiting = queue.current;
      if (!waiting?.next) return false;
      const mp3 = await waiting.next;
      const [, ...rest] = waiting.pieces;
      waiting.pieces = rest;
      waiting.next = rest[0] === undefined ? undefined : fetchPiece(rest[0], waiting.voice);
      waiting.next?.catch(() => undefined); // awaited when its turn comes
      const element = audio.current;
      if (id !== reading.current || !element) return true;
      const rate = element.playbackRate;
      release();
      url.current = URL.createObjectURL(mp3);
      element.src = url.current;
      element.playbackRate = rate;
      await element.play();
      return true;
    },
    [fetchPiece],
  );

  const fail = (id: number, failure: unknown) => {
    if (id !== reading.current) return;
    setState('idle');
    setError(failure instanceof Error ? failure.message : String(failure));
  };

  const speak = useCallback(
    async (text: string, { rate, voice }: { rate: number; voice: SpeechVoiceId }) => {
      const id = ++reading.current;
      audio.current?.pause();
      setError(undefined);
      setState('preparing');
      const pieces = textPieces(text, MAX_SPEECH_TEXT);
      queue.current = { pieces, voice, next: pieces[0] === undefined ? undefined : fetchPiece(pieces[0], voice) };
      if (audio.current) audio.current.playbackRate = rate;
      try {
        const playing = await playNext(id);
        if (id === reading.current) setState(playing ? 'speaking' : 'idle');
      } catch (failure) {
        fail(id, failure);
      }
    },
    [fetchPiece, playNext],
  );

  const pause = () => {
    audio.current?.pause();
    setState('paused');
  };
  const resume = () => {
    void audio.current?.play();
    setState('speaking');
  };
  const stop = () => {
    reading.current += 1;
    queue.current = undefined;
    const element = audio.current;
    if (element) {
      element.pause();
      element.currentTime = 0;
    }
    setState('idle');
  };
  /** Speed applies at once to audio already playing. */
  const setRate = (rate: number) => {
    if (audio.current) audio.current.playbackRate = rate;
  };
  /** For the element's `ended` event: the next piece, or a reading that finished by itself. */
  const ended = () => {
    const id = reading.current;
    playNext(id).then(
      (more) => !more && id === reading.current && setState('idle'),
      (failure: unknown) => fail(id, failure),
    );
  };

  return { attach, state, error, speak, pause, resume, stop, setRate, ended };
}
