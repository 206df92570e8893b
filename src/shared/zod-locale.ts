import { z } from 'zod';
import { ptBR } from 'zod/locales';

// Schemas carry their own pt-BR messages; anything they leave out (a wrong enum, a wrong type)
// falls back to zod's Brazilian Portuguese messages, never English. Imported by every module that
// defines a schema (and by the server's entry), so the locale is set before any schema parses.
z.config(ptBR());
