import { createHmac } from 'node:crypto';
import { CappedMap, createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { DomainError } from '../../../shared/errors';

/**
 * The proof of work a join to a waiting room costs (docs/rules/waiting-room.md 'Places and the draw': bots priced out),
 * with ALTCHA (altcha-lib, self-hosted, no third-party call): the server signs a challenge whose
 * answer the browser finds by brute force while the fan waits anyway; checking it is one HMAC.
 * A challenge is bound to the event, lasts 10 minutes and is accepted once per instance.
 */

const CHALLENGE_MINUTES = 10;

function secrets(signingKey: Buffer) {
  const derive = (label: string) => createHmac('sha256', signingKey).update(label).digest('hex');
  return { hmacSignatureSecret: derive('waiting-room pow signature'), hmacKeySignatureSecret: derive('waiting-room pow key') };
}

/** A challenge for a join to `eventId` costing up to `maxSteps` SHA-256 steps (at least a quarter of it). */
export function createJoinChallenge(signingKey: Buffer, eventId: string, maxSteps: number, now = new Date()): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(Math.max(1, Math.floor(maxSteps / 4)), Math.max(2, maxSteps)),
    deriveKey,
    ...secrets(signingKey),
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
    data: { eventId },
  });
}

export interface JoinProof {
  challenge: Challenge;
  solution: Solution;
}

// Challenges already used, per signing key (one process may run several servers in tests).
const usedByKey = new WeakMap<Buffer, CappedMap<string, true>>();

/**
 * Checks a join's proof: signed here, for this event, not expired, solved, not used before.
 *
 * Throws DomainError('waiting_room_proof_invalid').
 */
export async function verifyJoinProof(signingKey: Buffer, eventId: string, proof: JoinProof | undefined): Promise<void> {
  if (!proof?.challenge?.parameters || !proof.solution || proof.challenge.parameters.data?.eventId !== eventId)
    throw new DomainError('waiting_room_proof_invalid');
  let used = usedByKey.get(signingKey);
  if (!used) usedByKey.set(signingKey, (used = new CappedMap<string, true>({ maxSize: 200_000 })));
  let result;
  try {
    result = await verifySolution({ challenge: proof.challenge, solution: proof.solution, deriveKey, ...secrets(signingKey) });
  } catch {
    throw new DomainError('waiting_room_proof_invalid');
  }
  if (!result.verified || !used.setIfAbsent(proof.challenge.parameters.nonce, true)) throw new DomainError('waiting_room_proof_invalid');
}
