import { z } from 'zod';
import { ptBR } from 'zod/locales';

// Schemas carry their own pt-BR messages; anything they leave out (a wrong enum, a wrong type)
// falls back to zod's Brazilian Portuguese messages, never English. Imported once by each entry.
z.config(ptBR());
