import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from './api';

/** POSTs one file as multipart/form-data ('file') and resolves to the JSON answer; failures are ApiErrors. */
export async function postFile<T>(path: string, file: File): Promise<T> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'include', body });
  } catch {
    throw new ApiError(0, { code: 'internal', message: 'Sem conexão. Verifique sua internet e tente novamente.' });
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, (json as object) ?? {});
  return json as T;
}

export interface ImageUploadOptions<TResult> {
  /** The upload's mutation: it gets the picked file. */
  upload: UseMutationResult<TResult, Error, File>;
  /** Why a picked file cannot be sent (type, size), as a toast's title and description; null sends it. */
  refusalOf(file: File): { title: string; description: string } | null;
  onUploaded(result: TResult): void;
  onFailed(error: Error): void;
}

/**
 * A file input that uploads the image it is given: a refused file gets its toast and is not sent;
 * otherwise a local preview shows while it uploads and is dropped after. Wire `inputRef` and
 * `onFileChange` to an `<input type="file">`.
 */
export function useImageUpload<TResult>({ upload, refusalOf, onUploaded, onFailed }: ImageUploadOptions<TResult>) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function handleFile(file: File | undefined) {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const refusal = refusalOf(file);
    if (refusal) {
      toast.error(refusal.title, { description: refusal.description });
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, { onSuccess: onUploaded, onError: onFailed, onSettled: () => setPreview(null) });
  }

  return {
    inputRef,
    preview,
    isUploading: upload.isPending,
    onFileChange: (event: ChangeEvent<HTMLInputElement>) => handleFile(event.target.files?.[0]),
  };
}
