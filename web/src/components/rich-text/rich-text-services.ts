// What every rich-text editor needs from the signed-in app, handed down by a provider so this shared component knows
// no feature: the user's text templates for the ',.word' picker, the page where templates are made, and where pasted
// images are stored and read back, and the dictation engine. Without a provider (a test, a signed-out page) there are
// no templates, images cannot be added and there is no microphone.
import type { TextTemplate } from '@chartside/shared';
import { createContext } from 'react';
import type { ConnectToEngine } from '../dictation/engine';

export interface RichTextServices {
  templates: readonly TextTemplate[];
  /** The address of the page where templates are made. */
  templatesPath: string;
  openTemplates(): void;
  /** Stores a downscaled image; answers the URL its image block keeps. */
  storeImage(jpeg: Blob): Promise<string>;
  /** The URL an <img> can show for the URL an image block keeps. */
  resolveImageUrl(url: string): Promise<string>;
  /** Reaches the dictation engine; without it editors offer no microphone. */
  connectDictation?: ConnectToEngine;
}

export const RichTextServicesContext = createContext<RichTextServices>({
  templates: [],
  templatesPath: '/templates',
  openTemplates: () => undefined,
  storeImage: () => Promise.reject(new Error('Images cannot be added here.')),
  resolveImageUrl: (url) => Promise.resolve(url),
});
