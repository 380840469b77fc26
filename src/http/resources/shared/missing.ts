import { notFound } from "../../errors";

/** The 404 of a code that names no `noun`: Sylius' `<Noun> with code "X" does not exist.`. */
export const missingByCode = (noun: string) => (code: string) => notFound(`${noun} with code "${code}" does not exist.`);
