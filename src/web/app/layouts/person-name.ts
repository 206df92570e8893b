export interface PersonName {
  first: string;
  rest: string;
  initials: string;
}

/** Splits a full name for the menu header: 'Ana Maria Souza' -> 'Ana' / 'Maria Souza' / 'AS'. */
export function splitPersonName(fullName: string | null | undefined): PersonName {
  const name = fullName?.trim();
  if (!name) return { first: 'Next Level', rest: '', initials: 'NL' };
  if (name.includes('@')) return { first: name, rest: '', initials: name.charAt(0).toUpperCase() };
  const words = name.split(/\s+/);
  const last = words.length > 1 ? words[words.length - 1] : '';
  return {
    first: words[0],
    rest: words.slice(1).join(' '),
    initials: (words[0].charAt(0) + last.charAt(0)).toUpperCase(),
  };
}
