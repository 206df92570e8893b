import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
import { isValidCpf, onlyDigits } from '../cpf';

/** A device's own random id (kept in the browser): a turn claimed on one device is used only there. */
export const deviceIdSchema = text().trim().min(8, 'Dispositivo inválido').max(64, 'Dispositivo inválido');

/**
 * The proof of work of a join (ALTCHA v2 challenge as the server signed it, and the browser's
 * solution); checked by the server, so only its shape is told here.
 */
export const joinProofSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      nonce: text(),
      algorithm: text(),
      salt: text(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: text(),
    }),
    signature: text().optional(),
  }),
  solution: z.looseObject({ counter: z.number(), derivedKey: text() }),
});

/** Body of POST /api/events/:id/waiting-room/join. */
export const joinRoomSchema = z.object({
  proof: joinProofSchema,
  cpf: text()
    .trim()
    .min(1, 'Informe seu CPF')
    .refine((v) => isValidCpf(v), 'CPF inválido')
    .transform(onlyDigits),
});
export type JoinRoomInput = z.infer<typeof joinRoomSchema>;

/** Body of POST /api/waiting-room/status: the place token the join answered. */
export const roomStatusSchema = z.object({ token: text().min(1).max(2_000) });

/** Body of POST /api/events/:id/waiting-room/pass. */
export const claimPassSchema = z.object({ deviceId: deviceIdSchema });

/** What a fan's screen shows (domain/waiting-room RoomPhase). */
export const roomPhases = ['closed', 'before_open', 'drawing', 'waiting', 'your_turn', 'paused', 'sold_out'] as const;
export type RoomPhase = (typeof roomPhases)[number];

/** A fan's place in the room, answered by the join and by every status poll. */
export const roomStatusViewSchema = z.object({
  eventId: z.string(),
  phase: z.enum(roomPhases),
  /** Null until the draw for a join before the on-sale. */
  place: z.number().nullable(),
  /** People ahead still waiting; null before the draw. */
  ahead: z.number().nullable(),
  /** Seconds until the turn at the room's rate; null when unknown. */
  estimateSeconds: z.number().nullable(),
  /** When to ask again (ms). */
  pollAfterMs: z.number(),
  /** The place token to send next time (it changes when the draw gives the place). */
  token: z.string(),
  opensAt: z.string(),
  onSaleAt: z.string(),
});
export type RoomStatusView = z.infer<typeof roomStatusViewSchema>;

/** The join's answer: the status, and whether the account already had its place (another tab or device). */
export const joinRoomViewSchema = roomStatusViewSchema.extend({ alreadyJoined: z.boolean() });
export type JoinRoomView = z.infer<typeof joinRoomViewSchema>;

/** A turn: the pass `POST /api/orders` takes while the room is active, valid until `expiresAt` (UTC ISO). */
export const roomPassViewSchema = z.object({ pass: z.string(), expiresAt: z.string() });
export type RoomPassView = z.infer<typeof roomPassViewSchema>;

/** Whether an event's sale goes through its waiting room now (on the event's page). */
export const eventRoomViewSchema = z.object({ active: z.boolean(), opensAt: z.string(), onSaleAt: z.string() });
export type EventRoomView = z.infer<typeof eventRoomViewSchema>;

/** Body of PUT /api/admin/events/:id/waiting-room. */
export const configureRoomSchema = z
  .object({
    enabled: z.boolean(),
    opensAt: z.iso.datetime({ offset: true, message: 'Data de abertura inválida' }),
    onSaleAt: z.iso.datetime({ offset: true, message: 'Data de início da venda inválida' }),
    ratePerMinute: z
      .number()
      .int('Use um número inteiro')
      .min(1, 'Deixe entrar pelo menos 1 pessoa por minuto')
      .max(100_000, 'No máximo 100.000 por minuto'),
    maxInside: z
      .number()
      .int('Use um número inteiro')
      .min(1, 'Pelo menos 1 pessoa comprando por vez')
      .max(100_000, 'No máximo 100.000 por vez'),
  })
  .refine((v) => Date.parse(v.opensAt) <= Date.parse(v.onSaleAt), {
    message: 'A sala de espera abre antes do início da venda',
    path: ['opensAt'],
  });
export type ConfigureRoomInput = z.infer<typeof configureRoomSchema>;

/** Body of POST /api/admin/events/:id/waiting-room/pause. */
export const pauseRoomSchema = z.object({ paused: z.boolean() });

/** The organizer's live view of a room (GET /api/admin/events/:id/waiting-room). */
export const adminRoomViewSchema = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  opensAt: z.string(),
  onSaleAt: z.string(),
  ratePerMinute: z.number(),
  maxInside: z.number(),
  paused: z.boolean(),
  drawnAt: z.string().nullable(),
  counts: z.object({
    /** Joined and not yet admitted. */
    waiting: z.number(),
    /** Live turns not yet used. */
    inside: z.number(),
    admittedLastMinute: z.number(),
    /** Units of paid orders. */
    sold: z.number(),
    /** Units of unpaid orders still holding. */
    held: z.number(),
    remaining: z.number(),
  }),
});
export type AdminRoomView = z.infer<typeof adminRoomViewSchema>;

/** Answer of GET /api/events/:id/waiting-room: the event's room, null when it has none. */
export const eventRoomAnswerSchema = z.object({ room: eventRoomViewSchema.nullable() });
export type EventRoomAnswer = z.infer<typeof eventRoomAnswerSchema>;
