/**
 * A stand-in 個体識別番号 for a calf registered before its national number is known: negative, so it can never
 * clash with a real one, and unique per owner. The farmer replaces it when the number arrives.
 */
let provisionalSequence = Math.floor(Math.random() * 1000);
export const provisionalIdentificationNumber = () => -(Date.now() * 1000 + (provisionalSequence++ % 1000));
