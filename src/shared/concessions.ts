// Meia-entrada: who may buy a half-price ticket and what the door checks (Lei 12.933/2013,
// Decreto 8.537/2015; people aged 60 or more by the Estatuto da Pessoa Idosa, Lei 10.741/2003
// art. 23). Declared once: the table's check, the order schema, the checkout and the door read it.

/**
 * The categories of a half-price unit. 'senior' (60+) pays half too but outside the 40 % reserve
 * (Estatuto da Pessoa Idosa art. 23); 'pcd_companion' only beside a 'pcd' unit of the same order
 * (Decreto 8.537/2015).
 */
export const concessions = ['student', 'id_jovem', 'pcd', 'pcd_companion', 'senior'] as const;
export type Concession = (typeof concessions)[number];

/** The checkout's and the ticket's label of each category. */
export const concessionLabel: Readonly<Record<Concession, string>> = {
  student: 'Estudante',
  id_jovem: 'ID Jovem',
  pcd: 'Pessoa com deficiência',
  pcd_companion: 'Acompanhante de PcD',
  senior: 'Pessoa idosa (60+)',
};

/** What the door asks to see for each category. */
export const concessionDocumentCheck: Readonly<Record<Concession, string>> = {
  student: 'Conferir carteira de estudante (CIE)',
  id_jovem: 'Conferir ID Jovem',
  pcd: 'Conferir documento de pessoa com deficiência',
  pcd_companion: 'Conferir documento da pessoa com deficiência acompanhada',
  senior: 'Conferir documento com foto (60 anos ou mais)',
};

/**
 * The document number asked at checkout per category, with its label; null: none is asked (the
 * companion is named by the PcD unit beside it; age is proven by the birth date and a photo ID).
 */
export const concessionDocumentLabel: Readonly<Record<Concession, string | null>> = {
  student: 'Número da carteira de estudante (CIE)',
  id_jovem: 'Número do ID Jovem',
  pcd: 'Número do documento (cartão BPC ou laudo)',
  pcd_companion: null,
  senior: null,
};

/** Whether a category's units count against the 40 % reserve (all but 'senior'). */
export function countsAgainstReserve(concession: Concession): boolean {
  return concession !== 'senior';
}

/** The share of every sector's tickets reserved for meia-entrada: 40 % (Lei 12.933/2013 art. 1 § 10). */
export const MEIA_RESERVE_PERCENT = 40;

/** The least age of the 'senior' category (Estatuto da Pessoa Idosa, art. 1). */
export const SENIOR_MIN_AGE = 60;

/** A half price (Lei 12.933/2013 art. 1: half of what the ticket costs): half of the unit's full price, rounded down to the centavo. */
export function meiaPrice(priceCentavos: number): number {
  return Math.floor(priceCentavos / 2);
}
