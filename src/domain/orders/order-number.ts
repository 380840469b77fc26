/**
 * Order numbers as Sylius' SequentialOrderNumberGenerator makes them
 * (CoreBundle/Order/NumberGenerator): `startNumber (1) + index`, left-padded
 * with zeros to 9 digits, never cut (str_pad), so the billionth order has 10.
 */
const NUMBER_LENGTH = 9;

/** `sequence` is the number itself, 1 for the first order of the database → "000000001". */
export function formatOrderNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Bad order sequence value: ${sequence}.`);
  return String(sequence).padStart(NUMBER_LENGTH, "0");
}
