// The server's speech (Amazon Polly) as a player: POST /api/speech answers the whole text as one MP3, which plays in
// the page's <audio> element from a blob: URL; pause, resume and stop are the element's, speed its playbackRate.
import { speechAudioRoute, type SpeechVoiceId } from '@chartside/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../platform/platform-context';
import type { SpeechState } from './use-speech';

/** A long text takes Polly several calls: room for the largest text the server takes. */
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

  const speak = useCallback(
    async (text: string, { rate, voice }: { rate: number; voice: SpeechVoiceId }) => {
      const id = ++reading.current;
      audio.current?.pause();
      setError(undefined);
      setState('preparing');
      try {
        const response = await api.requestBytes(speechAudioRoute.method, speechAudioRoute.path, { body: { text, voice }, timeoutMs: SPEECH_TIMEOUT_MS });
        const mp3 = await response.blob();
        const element = audio.current;
        if (id !== reading.current || !element) return;
        release();
        url.current = URL.createObjectURL(mp3);
        element.src = url.current;
        element.playbackRate = rate;
        await element.play();
        if (id === reading.current) setState('speaking');
      } catch (failure) {
        if (id !== reading.current) return;
        setState('idle');
        setError(failure instanceof Error ? failure.message : String(failure));
      }
    },
    [api],
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
  /** For the element's `ended` event: a reading that finished by itself. */
  const ended = () => setState('idle');

  return { attach, state, error, speak, pause, resume, stop, setRate, ended };
}
