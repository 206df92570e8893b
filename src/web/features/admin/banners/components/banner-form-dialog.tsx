import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { bannerInputSchema, type AdminBanner, type BannerInput } from '../../../../../shared/schemas/admin-content';
import { Input } from '../../../../components/ui/input';
import { sameNameFieldOf } from '../../../../lib/save-error';
import { FormField } from '../../../../components/form-field';
import { OnOffChoiceField, Textarea } from '../../components/form-field';
import { FormDialog } from '../../components/form-dialog';
import { FormImageField } from '../../components/image-upload-field';
import { useSaveBanner } from '../api/save-banner';

interface BannerFormValues {
  title: string;
  description: string;
  imageUrl: string;
  linkUrl: string;
  active: boolean;
}

const emptyBannerForm: BannerFormValues = { title: '', description: '', imageUrl: '', linkUrl: '', active: true };

const toFormValues = (banner: AdminBanner): BannerFormValues => ({
  title: banner.title,
  description: banner.description,
  imageUrl: banner.imageUrl,
  linkUrl: banner.linkUrl ?? '',
  active: banner.active,
});

// The server's schema, so the form refuses what the server would, with the same messages.
const resolver = zodResolver(bannerInputSchema) as unknown as Resolver<BannerFormValues, unknown, BannerInput>;

export interface BannerFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The banner to edit; null creates one. */
  banner: AdminBanner | null;
}

/** Create or edit a banner (docs/rules/content.md 'Banners': title, description and image required). */
export function BannerFormDialog({ open, onOpenChange, banner }: BannerFormDialogProps) {
  const save = useSaveBanner();
  const form = useForm<BannerFormValues, unknown, BannerInput>({ defaultValues: emptyBannerForm, resolver });
  const { register, control, reset, formState } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (open) reset(banner ? toFormValues(banner) : emptyBannerForm);
  }, [open, banner, reset]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={banner ? 'Editar banner' : 'Novo banner'}
      form={form}
      save={(input) => save.mutateAsync({ id: banner?.id ?? null, input })}
      isPending={save.isPending}
      success={banner ? 'Banner atualizado com sucesso!' : 'Banner criado com sucesso!'}
      failure={banner ? 'Erro ao atualizar banner' : 'Erro ao criar banner'}
      fieldOf={sameNameFieldOf(emptyBannerForm)}
      submitLabel={banner ? 'Salvar alterações' : 'Criar banner'}
    >
      <FormField id="banner-title" label="Título" required error={errors.title?.message}>
        {(aria) => <Input {...aria} {...register('title')} aria-required />}
      </FormField>
      <FormField id="banner-description" label="Descrição" required error={errors.description?.message}>
        {(aria) => <Textarea {...aria} {...register('description')} rows={2} aria-required />}
      </FormField>
      <FormImageField
        control={control}
        name="imageUrl"
        id="banner-image"
        label="Imagem *"
        folder="banners"
        error={errors.imageUrl?.message}
        hint="JPG, PNG ou WebP, até 5MB. Formato largo, como 16:9."
      />
      <FormField
        id="banner-link"
        label="Link"
        error={errors.linkUrl?.message}
        hint="Opcional: um caminho do site (ex.: /events/kxp) ou um endereço https://."
      >
        {(aria) => <Input {...aria} {...register('linkUrl')} inputMode="url" autoComplete="off" placeholder="/events" />}
      </FormField>
      <OnOffChoiceField
        control={control}
        name="active"
        id="banner-active"
        on={{ value: 'on', label: 'Ativo', description: 'Aparece na página inicial' }}
        off={{ value: 'off', label: 'Inativo', description: 'Fica guardado, sem aparecer' }}
      />
    </FormDialog>
  );
}
