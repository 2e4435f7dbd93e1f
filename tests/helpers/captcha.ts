import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Solves an ALTCHA challenge (the JSON string of the captchaChallenge query) the way the widget does
 * and returns the payload the server expects: base64 of JSON { challenge, solution }
 * (altcha-lib/frameworks/shared `verify` reads a string payload with JSON.parse(atob(payload))).
 */
export async function solveCaptcha(challengeJson: string): Promise<string> {
  const challenge = JSON.parse(challengeJson) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution }), 'utf8').toString('base64');
}
