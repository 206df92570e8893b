import { z } from 'zod';
import {
  CO_PRODUCERS_OVER_MESSAGE,
  MAX_CO_PRODUCERS,
  MAX_SET_LIST_LENGTH,
  SET_LIST_TOO_LONG_MESSAGE,
  coProducerNameSchema,
  formatBasisPoints,
  percentToBasisPoints,
  type Bordero,
  type BorderoSettings,
} from '../../../../../shared/schemas/bordero';

// The borderô's settings as the form holds them: the ECAD rate as a choice, the shares typed in
// percent ('25', '12,5'); sent as shared/schemas/bordero.ts borderoSettingsSchema takes them,
// refused with its messages.

export interface BorderoFormValues {
  ecadBasisPoints: '1000' | '1500';
  setList: string;
  coProducers: { name: string; percent: string }[];
}

const PERCENT_MESSAGE = 'Informe a participação em %, de 0,01 a 100 (ex.: 25 ou 12,5).';

export const borderoFormSchema = z
  .object({
    ecadBasisPoints: z.enum(['1000', '1500'], { message: 'Escolha 10% ou 15% para o ECAD.' }),
    setList: z.string().max(MAX_SET_LIST_LENGTH, SET_LIST_TOO_LONG_MESSAGE),
    coProducers: z
      .array(
        z.object({
          name: coProducerNameSchema,
          percent: z.string().refine((text) => (percentToBasisPoints(text) ?? 0) > 0, PERCENT_MESSAGE),
        }),
      )
      .max(MAX_CO_PRODUCERS, 'Até 20 coprodutores.')
      .refine((list) => list.reduce((sum, c) => sum + (percentToBasisPoints(c.percent) ?? 0), 0) <= 10000, CO_PRODUCERS_OVER_MESSAGE),
  })
  .transform((values): BorderoSettings => ({
    ecadBasisPoints: Number(values.ecadBasisPoints),
    setList: values.setList,
    coProducers: values.coProducers.map((c) => ({ name: c.name, shareBasisPoints: percentToBasisPoints(c.percent) ?? 0 })),
  }));

/** The form's values from a borderô as read. */
export function borderoFormValues(bordero: Bordero): BorderoFormValues {
  return {
    ecadBasisPoints: bordero.ecad.basisPoints === 1500 ? '1500' : '1000',
    setList: bordero.ecad.setList,
    coProducers: bordero.coProducers.map((c) => ({ name: c.name, percent: formatBasisPoints(c.shareBasisPoints).replace('%', '') })),
  };
}
