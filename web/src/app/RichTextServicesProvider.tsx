// Gives every rich-text editor of the signed-in app the user's text templates (from the user document, so an edit on
// /templates or on another device is in the picker at once), the file storage for pasted images and the dictation
// engine.
import { textTemplateList } from '@chartside/shared';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { connectToEngine } from '../components/dictation/engine';
import { RichTextServicesContext, type RichTextServices } from '../components/rich-text/rich-text-services';
import { createEditorImageResolver, storeEditorImage } from '../platform/editor-images';
import { usePlatform } from '../platform/platform-context';
import { useMe } from '../platform/user-document';

const TEMPLATES_PATH = '/templates';

export function RichTextServicesProvider({ children }: { children: ReactNode }) {
  const { api } = usePlatform();
  const navigate = useNavigate();
  const stored = useMe().data?.templates;
  const [images] = useState(() => createEditorImageResolver(api));
  useEffect(() => () => images.dispose(), [images]);

  const services = useMemo<RichTextServices>(
    () => ({
      templates: stored ? textTemplateList(stored) : [],
      templatesPath: TEMPLATES_PATH,
      openTemplates: () => void navigate(TEMPLATES_PATH),
      storeImage: (jpeg) => storeEditorImage(api, jpeg),
      resolveImageUrl: images.resolve,
      connectDictation: (events) => connectToEngine(api, events),
    }),
    [stored, navigate, api, images],
  );
  return <RichTextServicesContext value={services}>{children}</RichTextServicesContext>;
}
