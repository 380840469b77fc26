/** The rows of tables that are nothing but a unique code (locales, currencies). */
export interface CodeRow {
  id: number;
  code: string;
  createdAt: string;
  updatedAt: string;
}
