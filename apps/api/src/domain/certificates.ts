import { randomInt } from "node:crypto";

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const LENGTH = 12;

/**
 * A certificate's code: whoever holds it may have it verified, so it must not be guessable from
 * the posting, the learner or the year (12 characters of 31: about 59 bits). `draw` picks an index
 * below its bound: the crypto generator, or the seed's own deterministic one.
 */
export function certificateCode(draw: (bound: number) => number = randomInt): string {
  let code = "";
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[draw(ALPHABET.length)];
  return `CSC-${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

export const CERTIFICATE_CODE = /^CSC-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
