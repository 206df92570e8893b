import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { toast } from 'sonner';
import type { UploadFolder } from '../../../../shared/schemas/admin-events';
import { FieldError, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useImageUpload } from '../../../lib/image-upload';
import { imageRefusalOf, useUploadImage } from './upload-image';

export interface ImageUploadFieldProps {
  id: string;
  label: string;
  /** The image's address ('/uploads/events/….webp'), or null for none. */
  value: string | null;
  onChange(url: string | null): void;
  /** Where the server stores it: /uploads/<folder>/. */
  folder: UploadFolder;
  error?: string;
  hint?: string;
  className?: string;
}

/**
 * Picks an image (JPG, PNG or WebP up to 5 MB), shows it at once, uploads it and hands back its
 * address. Refused files get the toasts of docs/rules/accounts-and-data.md 'Profile picture' ('Formato inválido', 'Arquivo muito grande').
 */
export function ImageUploadField({ id, label, value, onChange, folder, error, hint, className }: ImageUploadFieldProps) {
  const upload = useUploadImage(folder);
  const { inputRef, preview, onFileChange } = useImageUpload({
    upload,
    refusalOf: imageRefusalOf,
    onUploaded: ({ url }) => {
      onChange(url);
      toast.success('Imagem enviada');
    },
    onFailed: (uploadError) => toast.error('Erro no upload', { description: uploadError.message }),
  });

  const shown = preview ?? value;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;

  return (
    <div className={cn('min-w-0', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div
        className={cn(
          'flex flex-col gap-4 rounded-xl border border-dashed p-3 sm:flex-row sm:items-center',
          error ? 'border-danger' : 'border-border',
        )}
      >
        <div className="relative aspect-[16/10] w-full shrink-0 overflow-hidden rounded-lg bg-surface sm:w-48">
          {shown ? (
            <img src={shown} alt="Pré-visualização da imagem" className="size-full object-cover" />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-1 text-muted">
              <ImagePlus aria-hidden className="size-8" />
              <span className="text-xs">Sem imagem</span>
            </div>
          )}
          {upload.isPending ? (
            <div className="absolute inset-0 flex items-center justify-center bg-black/50 text-sm font-semibold text-white" role="status">
              <Loader2 aria-hidden className="mr-2 size-4 animate-spin" />
              Enviando...
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={id}
            className={cn(
              'inline-flex h-9 cursor-pointer items-center justify-center gap-2 rounded-xl border border-border px-3 text-sm font-semibold transition hover:bg-surface has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-accent',
              upload.isPending && 'pointer-events-none opacity-50',
            )}
          >
            <ImagePlus aria-hidden className="size-4" />
            {value ? 'Trocar imagem' : 'Enviar imagem'}
            <input
              ref={inputRef}
              id={id}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={upload.isPending}
              aria-invalid={Boolean(error)}
              aria-describedby={describedBy}
              onChange={onFileChange}
            />
          </label>
          {value && !upload.isPending ? (
            <button
              type="button"
              onClick={() => onChange(null)}
              className="inline-flex h-9 items-center justify-center gap-2 rounded-xl px-3 text-sm font-semibold text-danger transition hover:bg-surface"
            >
              <Trash2 aria-hidden className="size-4" />
              Remover imagem
            </button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="mt-1 text-xs text-muted">
        {hint ?? 'JPG, PNG ou WebP, até 5MB.'}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * ImageUploadField bound to a react-hook-form text field that holds the image's address ('' for none).
 */
export function FormImageField<T extends FieldValues, TOutput = T>({
  control,
  name,
  ...props
}: Omit<ImageUploadFieldProps, 'value' | 'onChange'> & { control: Control<T, unknown, TOutput>; name: FieldPath<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <ImageUploadField {...props} value={field.value || null} onChange={(url) => field.onChange(url ?? '')} />}
    />
  );
}
