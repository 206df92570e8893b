import type { Db } from '../../db/client';
import { addGuestEntryInTx } from './add-guest-entry';
import { loadListByToken } from './guest-list-link';

/**
 * A guest puts their own name on a list through its link: name, e-mail and CPF, all required
 * (the route validates with guestSignUpSchema: e-mail lower case, CPF digits), until the list
 * closes. Through addGuestEntryInTx (source 'link'), so with the same checks as the owner's:
 * 'Lista encerrada', 'A lista atingiu o limite de nomes', the CPF once per list, the event's
 * capacity; on a refusal nothing changed. Throws guest_list_not_found for an unknown token.
 */
export async function signUpGuest(
  db: Db,
  token: string,
  input: { name: string; email: string; cpf: string },
  now: Date = new Date(),
): Promise<{ name: string }> {
  const list = await loadListByToken(db, token);
  const entry = await db.transaction((tx) =>
    addGuestEntryInTx(tx, list.id, { name: input.name, email: input.email, cpf: input.cpf, source: 'link' }, now),
  );
  return { name: entry.name };
}
