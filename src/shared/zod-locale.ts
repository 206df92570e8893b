import { z } from 'zod';
// This one locale, not zod/locales (every language zod has).
import ptBR from 'zod/v4/locales/pt-BR.js';

// Schemas carry their own pt-BR messages; anything they leave out (a wrong enum, a wrong type)
// falls back to zod's Brazilian Portuguese messages, never English. Imported by every module that
// defines a schema (and by the server's entry), so the locale is set before any schema parses.
z.config(ptBR());
