// The attachments of the message being written: each file is checked, then prepared at once (an image scaled down, a
// document uploaded), so Send does not wait for it. A file that cannot be attached says why; removing one cancels its
// upload, or deletes the temporary file already uploaded.
import { filesContract, type ChatAttachment } from '@chartside/shared';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../platform/platform-context';
import { createClientId } from '../../platform/client-id';
import { attachmentKind, chatFile, chatImage, countProblem, notAttachable } from './attachments';

export interface ComposerAttachment {
  key: string;
  name: string;
  kind: 'image' | 'file';
  /** What the message sends; undefined while the file is being prepared. */
  part?: ChatAttachment;
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

  const prepare = async (key: string, file: File, kind: NonNullable<ReturnType<typeof attachmentKind>>) => {
    const controller = new AbortController();
    uploads.current.set(key, controller);
    try {
      const part = kind.kind === 'image' ? await chatImage(file) : await chatFile(api, file, kind.mimeType, controller.signal);
      if (controller.signal.aborted) return;
      setItems((current) => current.map((item) => (item.key === key ? { ...item, part } : item)));
    } catch (error) {
      if (controller.signal.aborted) return;
      setItems((current) => current.filter((item) => item.key !== key));
      setProblem(error instanceof Error ? error.message : `"${file.name}" could not be attached.`);
    } finally {
      uploads.current.delete(key);
    }
  };

  const add = (files: readonly File[]) => {
    setProblem(undefined);
    const added: ComposerAttachment[] = [];
    for (const file of files) {
      const kind = attachmentKind(file);
      if (!kind) {
        setProblem(notAttachable(file.name));
        continue;
      }
      const tooMany = countProblem(kind.kind, [...items, ...added]);
      if (tooMany) {
        setProblem(tooMany);
        continue;
      }
      const key = createClientId();
      added.push({ key, name: file.name, kind: kind.kind });
      void prepare(key, file, kind);
    }
    if (added.length > 0) setItems((current) => [...current, ...added]);
  };

  const remove = (key: string) => {
    const item = items.find((candidate) => candidate.key === key);
    uploads.current.get(key)?.abort();
    setItems((current) => current.filter((candidate) => candidate.key !== key));
    // A temporary file expires by itself after a day; deleting it now is a courtesy, and its failure changes nothing.
    if (item?.part?.type === 'file') void api.call(filesContract.remove, { body: { filePath: item.part.filePath } }).catch(() => undefined);
  };

  /** After a send: the files now belong to the message. */
  const clear = () => {
    setItems([]);
    setProblem(undefined);
  };

  return {
    items,
    add,
    remove,
    clear,
    problem,
    preparing: items.some((item) => !item.part),
    parts: items.flatMap((item) => (item.part ? [item.part] : [])),
  };
}
