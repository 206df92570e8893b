import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center p-8 text-center">
      <p className="text-6xl font-black text-accent">404</p>
      <h1 className="mt-4 text-2xl font-bold">Página não encontrada</h1>
      <p className="mt-2 text-muted">O endereço que você abriu não existe ou foi removido.</p>
      <Link to="/" className="mt-6 rounded-full bg-accent px-5 py-2.5 font-semibold text-accent-foreground">
        Voltar para o início
      </Link>
    </main>
  );
}
