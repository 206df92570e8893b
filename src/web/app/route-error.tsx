import { Link } from 'react-router';

export function RouteError() {
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-2xl font-bold">Algo deu errado</h1>
      <p className="mt-2 text-muted">Não foi possível carregar esta página. Tente novamente.</p>
      <Link to="/" className="mt-6 inline-block font-semibold text-accent underline">
        Voltar para o início
      </Link>
    </main>
  );
}
