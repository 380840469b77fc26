/**
 * A resource's names, from its noun and plural (`Tax rate`, `tax rates`):
 * its URL segment (`tax-rates`), its OpenAPI tag (`Tax rates`) and the
 * prefix of its operation ids and components (`TaxRate`).
 */
export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const resourceNames = (noun: string, plural: string) => ({
  path: plural.replaceAll(" ", "-"),
  tag: capitalize(plural),
  plural,
  idPrefix: noun.split(" ").map(capitalize).join(""),
});
