import { Camera, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { cn } from '../../../lib/cn';
import { useImageUpload } from '../../../lib/image-upload';
import { avatarRefusalOf, useUploadAvatar } from '../api/upload-avatar';
import { ProfileAvatar } from './profile-avatar';

/**
 * The profile picture with 'Alterar foto' (docs/rules/accounts-and-data.md
 * 'Profile picture'): JPG, PNG or WebP up to 5 MB; a local preview with 'Enviando...' while it uploads,
 * dropped after. The server saves it in the profile at once; `onUploaded` gets its address.
 */
export function AvatarUploader({
  name,
  avatarUrl,
  onUploaded,
}: {
  name: string;
  avatarUrl: string | null;
  onUploaded(avatarUrl: string): void;
}) {
  const upload = useUploadAvatar();
  const { inputRef, preview, onFileChange } = useImageUpload({
    upload,
    refusalOf: avatarRefusalOf,
    onUploaded: ({ avatarUrl: stored }) => {
      onUploaded(stored);
      toast.success('Foto atualizada! 📸', { description: 'Sua foto de perfil foi alterada com sucesso.' });
    },
    onFailed: () => toast.error('Erro no upload', { description: 'Não foi possível atualizar sua foto. Tente novamente.' }),
  });

  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <div className="relative">
        {preview ? (
          <span className="inline-flex size-24 overflow-hidden rounded-full ring-4 ring-card">
            <img src={preview} alt="Pré-visualização da nova foto" className="size-full object-cover" />
          </span>
        ) : (
          <ProfileAvatar name={name} avatarUrl={avatarUrl} />
        )}
        {upload.isPending ? (
          <span
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center rounded-full bg-black/60 text-xs font-semibold text-white"
          >
            <Loader2 aria-hidden className="mb-1 size-5 animate-spin" />
            Enviando...
          </span>
        ) : null}
      </div>
      <label
        htmlFor="avatar-file"
        className={cn(
          'inline-flex h-10 cursor-pointer items-center justify-center gap-2 rounded-xl border border-border px-4 text-sm font-semibold transition hover:bg-surface has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-accent',
          upload.isPending && 'pointer-events-none opacity-50',
        )}
      >
        <Camera aria-hidden className="size-4" />
        Alterar foto
        <input
          ref={inputRef}
          id="avatar-file"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          disabled={upload.isPending}
          aria-describedby="avatar-file-hint"
          onChange={onFileChange}
        />
      </label>
      <p id="avatar-file-hint" className="text-xs text-muted">
        JPG, PNG ou WebP, até 5MB.
      </p>
    </div>
  );
}
