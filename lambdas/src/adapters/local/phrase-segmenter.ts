// Cuts a live stream of 16 kHz mono samples (the dictation format) into phrases at pauses, by loudness alone (an energy voice activity
// detector), for engines that transcribe a whole recording at a time (a Whisper server).

const WINDOW_SAMPLES = 320; // 20 ms at 16 kHz
/**
 * Loudness (RMS of 16-bit samples) above which a window counts as speech: about -40 dBFS. Browsers' microphone
 * processing (noise suppression, gain control) keeps room noise well below it and speech well above.
 */
const SPEECH_RMS = 330;
/** Quiet that ends a phrase: longer than a pause between words. */
const END_SILENCE_WINDOWS = 25; // 500 ms
/** Kept from before the first loud window, so a soft first sound is not clipped. */
const PRE_ROLL_WINDOWS = 10; // 200 ms
/** Less speech than this is a click or a cough, not a phrase. */
const MIN_SPEECH_WINDOWS = 8; // 160 ms
/** A phrase is cut here even without a pause, which bounds memory and the wait for text. */
const MAX_PHRASE_WINDOWS = 1_000; // 20 s

const rms = (window: Int16Array) => {
  let sum = 0;
  for (const sample of window) sum += sample * sample;
  return Math.sqrt(sum / window.length);
};

const concat = (windows: Int16Array[]) => {
  const out = new Int16Array(windows.reduce((n, w) => n + w.length, 0));
  let at = 0;
  for (const window of windows) {
    out.set(window, at);
    at += window.length;
  }
  return out;
};

export interface PhraseSegmenter {
  push(samples: Int16Array): void;
  /** The end of the audio: a phrase in progress is given as it is. */
  flush(): void;
}

export const createPhraseSegmenter = (onPhrase: (samples: Int16Array) => void): PhraseSegmenter => {
  let pending = new Int16Array(0);
  let preRoll: Int16Array[] = [];
  let phrase: Int16Array[] | null = null;
  let speechWindows = 0;
  let quietWindows = 0;

  const finish = () => {
    if (phrase && speechWindows >= MIN_SPEECH_WINDOWS) onPhrase(concat(phrase));
    phrase = null;
    preRoll = [];
    speechWindows = 0;
    quietWindows = 0;
  };

  const take = (window: Int16Array) => {
    const loud = rms(window) >= SPEECH_RMS;
    if (!phrase) {
      if (loud) {
        phrase = [...preRoll, window];
        speechWindows = 1;
      } else {
        preRoll.push(window);
        if (preRoll.length > PRE_ROLL_WINDOWS) preRoll.shift();
      }
      return;
    }
    phrase.push(window);
    if (loud) {
      speechWindows += 1;
      quietWindows = 0;
    } else quietWindows += 1;
    if (quietWindows >= END_SILENCE_WINDOWS || phrase.length >= MAX_PHRASE_WINDOWS) finish();
  };

  return {
    push(samples) {
      const all = new Int16Array(pending.length + samples.length);
      all.set(pending);
      all.set(samples, pending.length);
      let at = 0;
      for (; at + WINDOW_SAMPLES <= all.length; at += WINDOW_SAMPLES) take(all.slice(at, at + WINDOW_SAMPLES));
      pending = all.slice(at);
    },
    flush() {
      if (phrase && pending.length) phrase.push(pending);
      pending = new Int16Array(0);
      finish();
    },
  };
};
