import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newsInputSchema, type AdminNews, type NewsInput } from '../../../../../shared/schemas/admin-content';
import { Input } from '../../../../components/ui/input';
import { sameNameFieldOf } from '../../../../lib/save-error';
import { FormField } from '../../../../components/form-field';
import { OnOffChoiceField, Textarea } from '../../components/form-field';
import { FormDialog } from '../../components/form-dialog';
import { FormImageField } from '../../components/image-upload-field';
import { useSaveNews } from '../api/save-news';

interface NewsFormValues {
  title: string;
  preview: string;
  content: string;
  category: string;
  imageUrl: string;
  published: boolean;
}

const emptyNewsForm: NewsFormValues = { title: '', preview: '', content: '', category: '', imageUrl: '', published: false };

const toFormValues = (item: AdminNews): NewsFormValues => ({
  title: item.title,
  preview: item.preview,
  content: item.content ?? '',
  category: item.category,
  imageUrl: item.imageUrl ?? '',
  published: item.published,
});

// The server's schema, so the form refuses what the server would, with the same messages.
const resolver = zodResolver(newsInputSchema) as unknown as Resolver<NewsFormValues, unknown, NewsInput>;

/** Category suggestions: the three brands; any other text is allowed. */
const categorySuggestions = ['Next Level', 'AY-YO', 'KXP'];

export interface NewsFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The news item to edit; null creates one. */
  item: AdminNews | null;
}

/** Create or edit a news item (docs/rules/content.md 'News': title, preview and category required). */
export function NewsFormDialog({ open, onOpenChange, item }: NewsFormDialogProps) {
  const save = useSaveNews();
  const form = useForm<NewsFormValues, unknown, NewsInput>({ defaultValues: emptyNewsForm, resolver });
  const { register, control, reset, formState } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (open) reset(item ? toFormValues(item) : emptyNewsForm);
  }, [open, item, reset]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? 'Editar notícia' : 'Nova notícia'}
      form={form}
      save={(input) => save.mutateAsync({ id: item?.id ?? null, input })}
      isPending={save.isPending}
      success={item ? 'Notícia atualizada com sucesso!' : 'Notícia criada com sucesso!'}
      failure={item ? 'Erro ao atualizar notícia' : 'Erro ao criar notícia'}
      fieldOf={sameNameFieldOf(emptyNewsForm)}
      submitLabel={item ? 'Salvar alterações' : 'Criar notícia'}
    >
      <FormField id="news-title" label="Título" required error={errors.title?.message}>
        {(aria) => <Input {...aria} {...register('title')} aria-required />}
      </FormField>
      <FormField id="news-category" label="Categoria" required error={errors.category?.message} hint="Ex.: Next Level, AY-YO, KXP.">
        {(aria) => <Input {...aria} {...register('category')} list="news-category-options" autoComplete="off" aria-required />}
      </FormField>
      <datalist id="news-category-options">
        {categorySuggestions.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <FormField
        id="news-preview"
        label="Prévia"
        required
        error={errors.preview?.message}
        hint="O resumo que aparece no card da página inicial."
      >
        {(aria) => <Textarea {...aria} {...register('preview')} rows={2} aria-required />}
      </FormField>
      <FormField
        id="news-content"
        label="Conteúdo"
        error={errors.content?.message}
        hint="Texto completo; separe os parágrafos com uma linha em branco."
      >
        {(aria) => <Textarea {...aria} {...register('content')} rows={6} />}
      </FormField>
      <FormImageField control={control} name="imageUrl" id="news-image" label="Imagem" folder="news" error={errors.imageUrl?.message} />
      <OnOffChoiceField
        control={control}
        name="published"
        id="news-published"
        on={{ value: 'published', label: 'Publicada', description: 'Aparece na página inicial' }}
        off={{ value: 'draft', label: 'Rascunho', description: 'Só aparece aqui no painel' }}
      />
    </FormDialog>
  );
}
