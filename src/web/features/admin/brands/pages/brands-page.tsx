import { Link } from 'react-router';
import { ExternalLink, Pencil, Tags } from 'lucide-react';
import type { Brand } from '../../../../../shared/schemas/brands';
import { brandFiguresOrDefault } from '../../../../../shared/home-hero';
import { Button } from '../../../../components/ui/button';
import { brandStyles } from '../../../../lib/brand';
import { cn } from '../../../../lib/cn';
import { AdminListPage } from '../../components/admin-list-page';
import { useFormDialog } from '../../lib/use-form-dialog';
import { useAdminBrands } from '../api/list-brands';
import { BrandFormDialog } from '../components/brand-form-dialog';

/** Two letters of a brand for its logo placeholder: 'Next Level' -> 'NL', 'AY-YO' -> 'AY'. */
function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : name.slice(0, 2)).toUpperCase();
}

function BrandCard({ brand, onEdit }: { brand: Brand; onEdit(): void }) {
  const figures = brandFiguresOrDefault(brand.figures);
  return (
    <li className="overflow-hidden rounded-2xl border border-border bg-card">
      <div className={cn('relative h-28', brandStyles[brand.slug].gradient)}>
        {brand.coverUrl ? <img src={brand.coverUrl} alt="" className="size-full object-cover" /> : null}
      </div>
      <div className="space-y-3 p-4">
        <div className="-mt-12 flex items-end gap-3">
          <span
            className={cn(
              'relative inline-flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-2xl text-lg font-black text-white ring-4 ring-card',
              brandStyles[brand.slug].solid,
            )}
          >
            {brand.logoUrl ? (
              <img src={brand.logoUrl} alt={`Logo ${brand.name}`} className="size-full object-cover" />
            ) : (
              <span aria-hidden>{initialsOf(brand.name)}</span>
            )}
          </span>
        </div>
        <div className="min-w-0">
          <h2 className="text-lg font-bold">{brand.name}</h2>
          <p className="text-sm text-muted">{brand.tagline}</p>
        </div>
        <p className="line-clamp-3 text-sm">{brand.description}</p>
        <ul aria-label="Números na página inicial" className="flex flex-wrap gap-2 text-sm">
          {figures.map((figure, index) => (
            <li key={`${index}-${figure.label}`} className="rounded-xl bg-surface px-3 py-1.5">
              <strong className="font-bold">{figure.value}</strong> {figure.label}
            </li>
          ))}
        </ul>
        {brand.figures ? null : <p className="text-xs text-muted">Números padrão da página inicial.</p>}
        <div className="flex flex-wrap gap-2 pt-1">
          <Button size="sm" onClick={onEdit} aria-label={`Editar ${brand.name}`}>
            <Pencil aria-hidden className="size-4" />
            Editar
          </Button>
          <Button size="sm" variant="outline" asChild>
            <Link to={`/events/${brand.slug}`}>
              <ExternalLink aria-hidden className="size-4" />
              Ver página
            </Link>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** /admin/brands ('Marcas'): each brand's name, tagline, description, cover, logo and home figures. */
export function BrandsPage() {
  const query = useAdminBrands();
  const formDialog = useFormDialog<Brand>();

  return (
    <>
      <AdminListPage
        header={{ title: 'Marcas', description: 'O que a página de cada marca e o seu slide na página inicial mostram.' }}
        query={query}
        items={(data) => data}
        loadError="Erro ao carregar marcas"
        errorIcon={Tags}
        skeleton={{ count: 3, className: 'h-64' }}
      >
        {(brands) => (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {brands.map((brand) => (
              <BrandCard key={brand.slug} brand={brand} onEdit={() => formDialog.openEdit(brand)} />
            ))}
          </ul>
        )}
      </AdminListPage>
      <BrandFormDialog open={formDialog.isOpen} onOpenChange={formDialog.setOpen} brand={formDialog.editing} />
    </>
  );
}
