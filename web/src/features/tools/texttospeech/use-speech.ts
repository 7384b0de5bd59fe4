// The browser's speech synthesis as a player: its voices (they load late in Chromium, hence 'voiceschanged'), and
// play, pause, resume and stop of a text queued as short utterances (speech-text.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import { speechPieces } from './speech-text';

export type SpeechState = 'idle' | 'speaking' | 'paused';

export interface SpeakOptions {
  /** 0.5 to 2; 1 is the voice's normal speed. */
  rate: number;
  /** A voice's voiceURI; the browser's default voice when none. */
  voiceURI?: string;
}

const synthesis = (): SpeechSynthesis | undefined => (typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined);

export function useSpeech() {
  const engine = synthesis();
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => engine?.getVoices() ?? []);
  const [state, setState] = useState<SpeechState>('idle');
  const [error, setError] = useState<string>();
  // Which reading the events belong to: a stopped reading's late 'end' or 'error' must not touch the next one.
  const reading = useRef(0);

  useEffect(() => {
    if (!engine) return;
    const update = () => setVoices(engine.getVoices());
    engine.addEventListener('voiceschanged', update);
    return () => {
      engine.removeEventListener('voiceschanged', update);
      reading.current += 1;
      engine.cancel();
    };
  }, [engine]);

  const speak = useCallback(
    (text: string, { rate, voiceURI }: SpeakOptions) => {
      if (!engine) return;
      engine.cancel();
      const id = ++reading.current;
      const voice = voices.find((v) => v.voiceURI === voiceURI);
      const pieces = speechPieces(text);
      setError(undefined);
      setState('speaking');
      pieces.forEach((piece, index) => {
        const utterance = new SpeechSynthesisUtterance(piece);
        utterance.rate = rate;
        if (voice) {
          utterance.voice = voice;
          utterance.lang = voice.lang;
        }
        if (index === pieces.length - 1) utterance.onend = () => id === reading.current && setState('idle');
        utterance.onerror = (event) => {
          // 'interrupted' and 'canceled' are our own stop; anything else is the engine failing.
          if (id !== reading.current || event.error === 'interrupted' || event.error === 'canceled') return;
          reading.current += 1;
          engine.cancel();
          setState('idle');
          setError(`The browser could not speak the text (${event.error}).`);
        };
        engine.speak(utterance);
      });
    },
    [engine, voices],
  );

  const pause = () => {
    engine?.pause();
    setState('paused');
  };
  const resume = () => {
    engine?.resume();
    setState('speaking');
  };
  const stop = () => {
    reading.current += 1;
    engine?.cancel();
    setState('idle');
  };

  return { supported: engine !== undefined, voices, state, error, speak, pause, resume, stop };
}
