// The attachments of the message being written: each file is checked, then prepared at once (an image scaled down, a
// document uploaded), so Send does not wait for it. A file that cannot be attached says why; removing one cancels its
// upload, or deletes the temporary file already uploaded. A file of the library ('Export to AI') is sent as the
// stored file it is: a document by reference, an image fetched and scaled down; removing it never deletes it.
import { filesContract, type ChatAttachment, type ResourceFile } from '@chartside/shared';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../platform/platform-context';
import { createClientId } from '../../platform/client-id';
import { fetchStoredFile } from '../../platform/stored-files';
import { attachmentKind, chatFile, chatImage, countProblem, notAttachable, tooLargeToAttach } from './attachments';

export interface ComposerAttachment {
  key: string;
  name: string;
  kind: 'image' | 'file';
  /** What the message sends; undefined while the file is being prepared. */
  part?: ChatAttachment;
  /** A file of the library, not a temporary upload of this message: removing it leaves it alone. */
  stored?: boolean;
}

export function useAttachments() {
  const api = useApi();
  const [items, setItems] = useState<ComposerAttachment[]>([]);
  const [problem, setProblem] = useState<string>();
  const uploads = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const prepare = async (key: string, name: string, load: (signal: AbortSignal) => Promise<ChatAttachment>) => {
    const controller = new AbortController();
    uploads.current.set(key, controller);
    try {
      const part = await load(controller.signal);
      if (controller.signal.aborted) return;
      setItems((current) => current.map((item) => (item.key === key ? { ...item, part } : item)));
    } catch (error) {
      if (controller.signal.aborted) return;
      setItems((current) => current.filter((item) => item.key !== key));
      setProblem(error instanceof Error ? error.message : `"${name}" could not be attached.`);
    } finally {
      uploads.current.delete(key);
    }
  };

  /** The kind of attachment a file makes, or undefined (with the reason shown) when it cannot join the message. */
  const checked = (file: Pick<File, 'name' | 'type' | 'size'>, alsoAdded: readonly ComposerAttachment[]) => {
    const kind = attachmentKind(file);
    const problem = !kind ? notAttachable(file.name) : (countProblem(kind.kind, [...items, ...alsoAdded]) ?? (kind.kind === 'file' ? tooLargeToAttach(file) : undefined));
    if (problem) setProblem(problem);
    return problem ? undefined : kind;
  };

  const add = (files: readonly File[]) => {
    setProblem(undefined);
    const added: ComposerAttachment[] = [];
    for (const file of files) {
      const kind = checked(file, added);
      if (!kind) continue;
      const key = createClientId();
      added.push({ key, name: file.name, kind: kind.kind });
      void prepare(key, file.name, (signal) => (kind.kind === 'image' ? chatImage(file) : chatFile(api, file, kind.mimeType, signal)));
    }
    if (added.length > 0) setItems((current) => [...current, ...added]);
  };

  /** Attaches a file of the library (once: a file already attached is not added again). */
  const addStored = (file: ResourceFile) => {
    setProblem(undefined);
    if (items.some((item) => item.part?.type === 'file' && item.part.filePath === file.filePath)) return;
    const kind = checked({ name: file.name, type: file.mimeType, size: file.size ?? 0 }, []);
    if (!kind) return;
    const key = createClientId();
    if (kind.kind === 'file') {
      setItems((current) => [...current, { key, name: file.name, kind: 'file', stored: true, part: { type: 'file', filePath: file.filePath, mimeType: kind.mimeType, fileName: file.name } }]);
      return;
    }
    setItems((current) => [...current, { key, name: file.name, kind: 'image', stored: true }]);
    void prepare(key, file.name, async (signal) => {
      const response = await fetchStoredFile(api, file.filePath, { signal });
      return chatImage(await response.blob());
    });
  };

  const remove = (key: string) => {
    const item = items.find((candidate) => candidate.key === key);
    uploads.current.get(key)?.abort();
    setItems((current) => current.filter((candidate) => candidate.key !== key));
    // A temporary file expires by itself after a day; deleting it now is a courtesy, and its failure changes nothing.
    if (item?.part?.type === 'file' && !item.stored) void api.call(filesContract.remove, { body: { filePath: item.part.filePath } }).catch(() => undefined);
  };

  /** After a send: the files now belong to the message. */
  const clear = () => {
    setItems([]);
    setProblem(undefined);
  };

  return {
    items,
    add,
    addStored,
    remove,
    clear,
    problem,
    preparing: items.some((item) => !item.part),
    parts: items.flatMap((item) => (item.part ? [item.part] : [])),
  };
}
