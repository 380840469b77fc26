/**
 * Rows a statement carries as one JSON text in a column of another row
 * (`json_group_array(json_array(...))`): a batch whose every statement costs
 * D1 a compile, a result and the client's conversion of each value, takes a
 * set of rows as one string instead, and parses it natively. The SQL that
 * writes such a column and the tuple type that reads it sit side by side.
 */

/** The rows of a JSON text that SQLite wrote with `json_group_array(json_array(...))`, each a tuple of `Row`'s shape. */
export function renderedRows<Row extends readonly unknown[]>(text: string): Row[] {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- SQLite wrote this text from the columns of the query that declares `Row`, value for value.
  return JSON.parse(text) as Row[];
}
