// /templates: the user's text templates (inserted into any note by typing ',.' and a trigger word) and note templates
// (sets of note sections a patient shows, also chosen in the patient screen's Note Templates dialog).
import { Loader } from '@mantine/core';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useMe } from '../../../platform/user-document';
import { NoteTemplatesSection } from '../components/NoteTemplatesSection';
import { TextTemplatesSection } from '../components/TextTemplatesSection';

export function TemplatesPage() {
  const me = useMe();
  return (
    <PageFrame title="Templates" size="lg">
      {me.isPending && <Loader aria-label="Loading templates" />}
      <QueryErrorAlert query={me} what="your templates" />
      {me.data && (
        <>
          <TextTemplatesSection stored={me.data.templates} />
          <NoteTemplatesSection stored={me.data.noteTemplate} />
        </>
      )}
    </PageFrame>
  );
}
