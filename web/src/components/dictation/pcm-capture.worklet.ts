// The audio-thread side of dictation: the microphone's samples become 16 kHz PCM frames posted to the page, which
// sends them to the engine. Loaded with audioWorklet.addModule from its own same-origin file (the CSP has no blob:).
import { PCM_CAPTURE_PROCESSOR, PcmFramer, type PcmCaptureOptions } from './pcm-framer';

// The AudioWorkletGlobalScope, which TypeScript's DOM library does not describe.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
type Processor = AudioWorkletProcessor & { process(inputs: Float32Array[][]): boolean };
declare function registerProcessor(name: string, processor: new (options: { processorOptions: PcmCaptureOptions }) => Processor): void;

class PcmCaptureProcessor extends AudioWorkletProcessor {
  private readonly framer: PcmFramer;

  constructor({ processorOptions }: { processorOptions: PcmCaptureOptions }) {
    super();
    const { outputRate, frameSamples } = processorOptions;
    this.framer = new PcmFramer(sampleRate, outputRate, frameSamples, (frame) => this.port.postMessage(frame, [frame.buffer]));
  }

  /** Mono: the first channel of the first input. Returns true to keep running while the graph holds it. */
  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (channel) this.framer.push(channel);
    return true;
  }
}

registerProcessor(PCM_CAPTURE_PROCESSOR, PcmCaptureProcessor);
