/** Initials for an avatar: 'Ana Maria Souza' -> 'AS', 'Ana' -> 'A', an e-mail -> its first letter. */
export function initialsOf(name: string | null | undefined): string {
  const text = name?.trim();
  if (!text) return '?';
  if (text.includes('@')) return text.charAt(0).toUpperCase();
  const words = text.split(/\s+/);
  const last = words.length > 1 ? words[words.length - 1] : '';
  return (words[0].charAt(0) + last.charAt(0)).toUpperCase();
}

/** A rating 0 to 5 in pt-BR with one decimal, '4,5'; '—' when there is none. */
export function formatRating(rating: number | null): string {
  if (rating === null) return '—';
  return rating.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** A day in pt-BR, '15 de março de 2025' (São Paulo), or 'Não disponível'. */
export function formatAccountDate(instant: string | null | undefined): string {
  if (!instant) return 'Não disponível';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return 'Não disponível';
  return date.toLocaleDateString('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Sao_Paulo' });
}
