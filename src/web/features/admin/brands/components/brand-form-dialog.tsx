import { useEffect, useRef } from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import {
  BRAND_FIGURE_LABEL_MAX,
  BRAND_FIGURE_VALUE_MAX,
  BRAND_FIGURES_MAX,
  brandInputSchema,
  type Brand,
  type BrandUpdate,
} from '../../../../../shared/schemas/brands';
import { DEFAULT_BRAND_FIGURES } from '../../../../../shared/home-hero';
import { brandLinkNetworkInfo, brandLinkNetworks, type BrandLinkNetwork } from '../../../../../shared/brand-links';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { FormField } from '../../../../components/form-field';
import { Textarea } from '../../components/form-field';
import { FormDialog } from '../../components/form-dialog';
import { FormImageField } from '../../components/image-upload-field';
import { useUpdateBrand } from '../api/update-brand';

interface BrandFormValues {
  name: string;
  tagline: string;
  description: string;
  coverUrl: string;
  logoUrl: string;
  figures: { value: string; label: string }[];
  /** One row per network, in brandLinkNetworks' order; a blank address: no link on that network. */
  socialLinks: { network: BrandLinkNetwork; url: string }[];
}

const toFormValues = (brand: Brand): BrandFormValues => ({
  name: brand.name,
  tagline: brand.tagline,
  description: brand.description,
  coverUrl: brand.coverUrl ?? '',
  logoUrl: brand.logoUrl ?? '',
  figures: (brand.figures ?? DEFAULT_BRAND_FIGURES).map((figure) => ({ ...figure })),
  socialLinks: brandLinkNetworks.map((network) => ({
    network,
    url: brand.socialLinks.find((link) => link.network === network)?.url ?? '',
  })),
});

// The server's schema, so the form refuses what the server would, with the same messages.
const resolver = zodResolver(brandInputSchema) as unknown as Resolver<BrandFormValues, unknown, BrandUpdate>;

const formFields = new Set(['name', 'tagline', 'description', 'coverUrl', 'logoUrl', 'figures']);

/**
 * The server's `details.field` ('figures.1.label') as this form's field, when it is one. The
 * server numbers social links among those sent (`sent`, blanks left out): 'socialLinks.0.url' is
 * the address field of the first network sent.
 */
function fieldOf(serverField: unknown, sent: readonly { network: BrandLinkNetwork }[]) {
  if (typeof serverField !== 'string') return null;
  const [head, index] = serverField.split('.');
  if (head === 'socialLinks') {
    const network = index === undefined ? undefined : sent[Number(index)]?.network;
    return network ? (`socialLinks.${brandLinkNetworks.indexOf(network)}.url` as const) : 'socialLinks';
  }
  return formFields.has(head) ? (serverField as keyof BrandFormValues) : null;
}

export interface BrandFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  brand: Brand | null;
}

/**
 * Edits what a brand's page and its home slide show: name, tagline, description, cover, logo and
 * up to three figures ('50+' over 'Eventos'). With no figure, the slide shows the defaults (docs/rules/content.md 'Brand figures').
 * 'Redes sociais': one address per network, saved in the networks' order (docs/rules/content.md 'Brand pages').
 */
export function BrandFormDialog({ open, onOpenChange, brand }: BrandFormDialogProps) {
  const save = useUpdateBrand();
  const form = useForm<BrandFormValues, unknown, BrandUpdate>({ resolver, defaultValues: brand ? toFormValues(brand) : undefined });
  const { register, control, reset, formState } = form;
  const errors = formState.errors;
  const figures = useFieldArray({ control, name: 'figures' });
  const sentLinks = useRef<readonly { network: BrandLinkNetwork }[]>([]);

  useEffect(() => {
    if (open && brand) reset(toFormValues(brand));
  }, [open, brand, reset]);

  if (!brand) return null;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Editar ${brand.name}`}
      form={form}
      save={(input) => {
        sentLinks.current = input.socialLinks ?? [];
        return save.mutateAsync({ slug: brand.slug, input });
      }}
      isPending={save.isPending}
      success="Marca atualizada com sucesso!"
      failure="Erro ao salvar marca"
      fieldOf={(serverField) => fieldOf(serverField, sentLinks.current)}
      submitLabel="Salvar alterações"
    >
      <FormField id="brand-name" label="Nome" required error={errors.name?.message}>
        {(aria) => <Input {...aria} {...register('name')} aria-required />}
      </FormField>
      <FormField
        id="brand-tagline"
        label="Chamada"
        required
        error={errors.tagline?.message}
        hint="Uma linha sob o nome, na página da marca."
      >
        {(aria) => <Input {...aria} {...register('tagline')} aria-required />}
      </FormField>
      <FormField
        id="brand-description"
        label="Descrição"
        required
        error={errors.description?.message}
        hint="Quem é a marca e o que ela faz."
      >
        {(aria) => <Textarea {...aria} {...register('description')} rows={4} aria-required />}
      </FormField>
      <FormImageField
        control={control}
        name="coverUrl"
        id="brand-cover"
        label="Capa"
        folder="brands"
        error={errors.coverUrl?.message}
        hint="Fundo do topo da página da marca. JPG, PNG ou WebP, até 5MB."
      />
      <FormImageField
        control={control}
        name="logoUrl"
        id="brand-logo"
        label="Logo"
        folder="brands"
        error={errors.logoUrl?.message}
        hint="Quadrada, de preferência. JPG, PNG ou WebP, até 5MB."
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Números na página inicial</legend>
        <p className="text-xs text-muted">
          {`Até ${BRAND_FIGURES_MAX}, como '50+' e 'Eventos'. Sem nenhum, valem os números padrão (${DEFAULT_BRAND_FIGURES.map((f) => `${f.value} ${f.label}`).join(', ')}).`}
        </p>
        {typeof errors.figures?.message === 'string' ? (
          <p className="text-sm font-medium text-danger" role="alert">
            {errors.figures.message}
          </p>
        ) : null}
        <ol className="space-y-3">
          {figures.fields.map((row, index) => (
            <li
              key={row.id}
              className="grid grid-cols-1 gap-2 rounded-xl border border-border p-3 sm:grid-cols-[8rem_1fr_auto] sm:items-start"
            >
              <FormField id={`brand-figure-${index}-value`} label={`Número ${index + 1}`} error={errors.figures?.[index]?.value?.message}>
                {(aria) => <Input {...aria} {...register(`figures.${index}.value`)} maxLength={BRAND_FIGURE_VALUE_MAX} />}
              </FormField>
              <FormField
                id={`brand-figure-${index}-label`}
                label={`O que conta (${index + 1})`}
                error={errors.figures?.[index]?.label?.message}
              >
                {(aria) => <Input {...aria} {...register(`figures.${index}.label`)} maxLength={BRAND_FIGURE_LABEL_MAX} />}
              </FormField>
              <Button
                variant="ghost"
                className="text-danger sm:mt-6"
                aria-label={`Remover número ${index + 1}`}
                onClick={() => figures.remove(index)}
              >
                <Trash2 aria-hidden className="size-4" />
                <span className="sm:sr-only">Remover</span>
              </Button>
            </li>
          ))}
        </ol>
        {figures.fields.length < BRAND_FIGURES_MAX ? (
          <Button variant="outline" onClick={() => figures.append({ value: '', label: '' })}>
            <Plus aria-hidden className="size-4" />
            Adicionar número
          </Button>
        ) : null}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Redes sociais</legend>
        <p className="text-xs text-muted">Aparecem como botões no topo da página da marca. Deixe em branco as que a marca não usa.</p>
        {typeof errors.socialLinks?.message === 'string' ? (
          <p className="text-sm font-medium text-danger" role="alert">
            {errors.socialLinks.message}
          </p>
        ) : null}
        <div className="space-y-3">
          {brandLinkNetworks.map((network, index) => (
            <FormField
              key={network}
              id={`brand-link-${network}`}
              label={brandLinkNetworkInfo[network].label}
              error={errors.socialLinks?.[index]?.url?.message ?? errors.socialLinks?.[index]?.network?.message}
            >
              {(aria) => (
                <Input
                  {...aria}
                  {...register(`socialLinks.${index}.url`)}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={brandLinkNetworkInfo[network].placeholder}
                />
              )}
            </FormField>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}
