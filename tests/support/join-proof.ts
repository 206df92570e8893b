import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** Solves a waiting-room challenge as the browser does (altcha-lib's own solver): the join's `proof`. */
export async function solveJoinChallenge(challenge: Challenge) {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return { challenge, solution };
}
