import { useEffect, useRef, useState } from 'react';
import { failureMessage } from './field-errors.ts';
import { uploadPicture } from './upload-picture.ts';

/** A file on its way to the shop, or refused by it. */
export interface PendingUpload {
  id: string;
  name: string;
  /** An object URL of the file itself, shown while it uploads. */
  preview: string;
  /** The share sent so far, 0 to 1. */
  progress: number;
  /** Why the shop refused it (its message); the upload is over. */
  error?: string;
}

/** Where an upload is, in the order the files were given. */
interface Turn {
  id: string;
  onUploaded: (url: string) => void;
  url?: string;
  over: boolean;
}

/**
 * Uploads picture files, one request each and all at once, and keeps what the user sees of each one until it
 * is stored: its preview, its progress, or the shop's reason to refuse it.
 */
export function usePictureUploads() {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const aborts = useRef(new Map<string, AbortController>());
  const turns = useRef<Turn[]>([]);

  // Leaving the page stops the uploads still running.
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const change = (id: string, update: Partial<PendingUpload>) =>
    setPending((list) => list.map((upload) => (upload.id === id ? { ...upload, ...update } : upload)));

  function forget(id: string) {
    aborts.current.delete(id);
    setPending((list) => {
      const gone = list.find((upload) => upload.id === id);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((upload) => upload !== gone);
    });
  }

  /** Hands on the stored pictures no earlier file is still waiting for. */
  function handOn() {
    while (turns.current[0]?.over) {
      const { id, url, onUploaded } = turns.current.shift() as Turn;
      if (url === undefined) continue;
      onUploaded(url);
      forget(id);
    }
  }

  function end(id: string, url?: string) {
    const turn = turns.current.find((candidate) => candidate.id === id);
    if (turn) Object.assign(turn, { url, over: true });
    handOn();
  }

  async function upload(file: File, onUploaded: (url: string) => void) {
    const id = crypto.randomUUID();
    const controller = new AbortController();
    aborts.current.set(id, controller);
    turns.current.push({ id, onUploaded, over: false });
    setPending((list) => [...list, { id, name: file.name, preview: URL.createObjectURL(file), progress: 0 }]);
    try {
      const picture = await uploadPicture(file, {
        onProgress: (progress) => change(id, { progress }),
        signal: controller.signal,
      });
      end(id, picture.url);
    } catch (error) {
      if (controller.signal.aborted) return;
      aborts.current.delete(id);
      change(id, { error: failureMessage(error) });
      end(id);
    }
  }

  return {
    pending,
    /**
     * Starts uploading every file of `files` (from a file input or a drop). `onUploaded` receives the stored
     * pictures' URLs in the order of the files, whichever upload ends first; it may run after other changes
     * to the form, so it should update from the values current then.
     */
    add: (files: Iterable<File>, onUploaded: (url: string) => void) => {
      for (const file of files) void upload(file, onUploaded);
    },
    /** Stops an upload, or forgets a refused one. */
    remove: (id: string) => {
      aborts.current.get(id)?.abort();
      turns.current = turns.current.filter((turn) => turn.id !== id);
      forget(id);
      handOn();
    },
    /** Forgets the refused files, e.g. once the form was saved without them. */
    forgetRefused: () => {
      for (const upload of pending) if (upload.error !== undefined) forget(upload.id);
    },
    /** True while some file is still on its way. */
    uploading: pending.some((upload) => upload.error === undefined),
  };
}
