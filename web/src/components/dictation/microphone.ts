// The microphone as 16 kHz PCM frames: getUserMedia → AudioWorklet (pcm-capture.worklet.ts) → `onFrame` on the page.
import { DICTATION_FRAME_SAMPLES, DICTATION_SAMPLE_RATE } from '@chartside/shared';
import workletUrl from './pcm-capture.worklet.ts?worker&url';
import { PCM_CAPTURE_PROCESSOR, type PcmCaptureOptions } from './pcm-framer';

export interface MicrophoneCapture {
  /** Releases the microphone (the browser's recording indicator goes) and the audio graph. */
  stop(): void;
}

/** Rejects with the browser's error when the microphone cannot be had (refused, missing, in use). */
export async function captureMicrophone(onFrame: (frame: Int16Array) => void): Promise<MicrophoneCapture> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  });
  const context = new AudioContext();
  const stop = () => {
    for (const track of stream.getTracks()) track.stop();
    void context.close();
  };
  try {
    await context.audioWorklet.addModule(workletUrl);
    const processorOptions: PcmCaptureOptions = { outputRate: DICTATION_SAMPLE_RATE, frameSamples: DICTATION_FRAME_SAMPLES };
    const capture = new AudioWorkletNode(context, PCM_CAPTURE_PROCESSOR, { numberOfInputs: 1, numberOfOutputs: 0, processorOptions });
    capture.port.onmessage = (event: MessageEvent<Int16Array>) => onFrame(event.data);
    context.createMediaStreamSource(stream).connect(capture);
    // A context made outside a user gesture's turn may start suspended.
    await context.resume();
    return { stop };
  } catch (error) {
    stop();
    throw error;
  }
}
