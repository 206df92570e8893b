import { z } from 'zod';
import '../zod-locale';

/** Most sessions an event has (a festival's days, a workshop's slots). */
export const MAX_EVENT_SESSIONS = 30;

/** The most people one session may take. */
export const MAX_SESSION_CAPACITY = 1_000_000;

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida');
const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Horário inválido');

/** One session in the event form: name, São Paulo date ('yyyy-MM-dd'), times ('HH:mm'; no end: 6 hours, dates.ts eventInterval), capacity (people, at most MAX_SESSION_CAPACITY; null: unlimited). */
export const eventSessionInputSchema = z.object({
  /** Present for a session already saved; absent for a new one. */
  id: z.uuid().optional(),
  name: z.string().trim().min(1, 'Dê um nome à sessão').max(60, 'Nome da sessão muito longo'),
  date: dateSchema,
  startTime: timeSchema,
  endTime: timeSchema.nullable().optional(),
  capacity: z
    .number()
    .int('A capacidade deve ser um número inteiro')
    .positive('A capacidade deve ser maior que zero')
    .max(MAX_SESSION_CAPACITY, 'A capacidade máxima é de 1.000.000 pessoas')
    .nullable()
    .optional(),
});

/**
 * Body of PUT /api/admin/events/:id/sessions: the event's sessions in order, whether the door
 * scans exits, and per sector the sessions it is valid for, by their index in `sessions` (an empty
 * list: every session, docs/rules/sessions.md 'Sessions': a 3-day pass, a Saturday ticket).
 */
export const saveEventSessionsSchema = z.object({
  sessions: z.array(eventSessionInputSchema).max(MAX_EVENT_SESSIONS, `No máximo ${MAX_EVENT_SESSIONS} sessões`),
  exitScans: z.boolean(),
  sectors: z.array(z.object({ sectorId: z.uuid(), sessions: z.array(z.number().int().min(0)) })).default([]),
});
export type SaveEventSessionsInput = z.input<typeof saveEventSessionsSchema>;

/** A saved session: times 'HH:mm'. */
export const eventSessionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  capacity: z.number().nullable(),
});
export type EventSessionView = z.infer<typeof eventSessionViewSchema>;

/** GET /api/events/:id/sessions and the admin's: the sessions, exit scans, and per sector the ids of the sessions it covers (empty: all). */
export const eventSessionsResponseSchema = z.object({
  sessions: z.array(eventSessionViewSchema),
  exitScans: z.boolean(),
  sectors: z.array(z.object({ sectorId: z.string(), name: z.string(), sessionIds: z.array(z.string()) })),
});
export type EventSessionsResponse = z.infer<typeof eventSessionsResponseSchema>;
