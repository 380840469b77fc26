/**
 * A product's attribute values: Sylius 1.8's `attributes` collection of
 * ProductAttributeValueType ({localeCode, attribute, then the attribute
 * type's `value` field}), checked entry by entry with each failure in its
 * sub-form (`attributes.children.<index>.children.value`), and their
 * representation (AttributeBundle's Model.AttributeValue.yml: {id, code,
 * name, value, type, localeCode}).
 */
import { isPlainObject } from "../../form";
import type { FormChild } from "../../errors";
import { MSG } from "../../../domain/messages";
import { checkValue, isAttributeType, parseConfiguration, parseValue } from "../../../domain/product-attributes";
import type { AttributeValueInput } from "../../../data/queries/product-attributes";

/** "Please select attribute." (AttributeBundle's validators.en.yml). */
const ATTRIBUTE_BLANK = "Please select attribute.";

/** The attribute codes and locale codes sent values name (read with the form's other references). */
export function attributeReferences(sent: readonly unknown[] | undefined): { codes: string[]; locales: string[] } {
  const codes: string[] = [];
  const locales: string[] = [];
  for (const entry of sent ?? []) {
    if (!isPlainObject(entry)) continue;
    if (typeof entry.attribute === "string") codes.push(entry.attribute);
    if (typeof entry.localeCode === "string") locales.push(entry.localeCode);
  }
  return { codes, locales };
}

interface AttributesResult {
  shape(field: "attributes", tree: FormChild): void;
  failAt(field: "attributes", path: readonly string[], message: string): void;
}

/** The values to write (undefined: none sent, keep), each failure reported in its entry's sub-form. */
export function checkAttributeValues(
  result: AttributesResult,
  sent: readonly unknown[] | undefined,
  found: { attributes: readonly { code: string; type: string; configuration: string }[]; locales: ReadonlySet<string> },
): AttributeValueInput[] | undefined {
  if (sent === undefined) return undefined;
  const attributes = new Map(found.attributes.map((a) => [a.code, a]));
  const children: Record<string, FormChild> = {};
  const values: AttributeValueInput[] = [];
  const failures: [string[], string][] = [];
  const seen = new Set<string>();
  sent.forEach((entry, index) => {
    const at = String(index);
    const node: Record<string, FormChild> = { localeCode: {}, attribute: {} };
    children[at] = { children: node };
    if (!isPlainObject(entry)) {
      failures.push([[at], MSG.invalid]);
      return;
    }
    const attribute = typeof entry.attribute === "string" ? attributes.get(entry.attribute) : undefined;
    const type = attribute && isAttributeType(attribute.type) ? attribute.type : undefined;
    if (type) node.value = {};
    const allowed = type ? ["localeCode", "attribute", "value"] : ["localeCode", "attribute"];
    if (Object.keys(entry).some((key) => !allowed.includes(key))) failures.push([[at], MSG.extraFields]);
    const localeCode = entry.localeCode;
    const localeOk = typeof localeCode === "string" && found.locales.has(localeCode);
    if (localeCode === undefined || localeCode === null || localeCode === "") failures.push([[at, "localeCode"], MSG.blank]);
    else if (!localeOk) failures.push([[at, "localeCode"], MSG.invalid]);
    if (entry.attribute === undefined || entry.attribute === null || entry.attribute === "") failures.push([[at, "attribute"], ATTRIBUTE_BLANK]);
    else if (!attribute || !type) failures.push([[at, "attribute"], MSG.invalid]);
    if (!attribute || !type) return;
    const checked = checkValue(type, parseConfiguration(attribute.configuration), entry.value);
    if ("message" in checked) {
      failures.push([[at, "value"], checked.message]);
      return;
    }
    if (!localeOk) return;
    const key = JSON.stringify([attribute.code, localeCode]);
    // One value per attribute and locale (the table's unique key).
    if (seen.has(key)) {
      failures.push([[at, "attribute"], MSG.invalid]);
      return;
    }
    seen.add(key);
    values.push({ attribute: attribute.code, localeCode, value: checked.value === null ? null : JSON.stringify(checked.value) });
  });
  result.shape("attributes", sent.length ? { children } : {});
  for (const [path, message] of failures) result.failAt("attributes", path, message);
  return values;
}

export interface AttributeValueRow {
  id: number;
  localeCode: string;
  value: string | null;
  code: string;
  type: string;
  name: string | null;
}

/** A product's attribute value as Sylius serializes it (nulls left out, as JMS does). */
export function serializeAttributeValue(row: AttributeValueRow) {
  const value = parseValue(row.value);
  return {
    id: row.id,
    code: row.code,
    name: row.name ?? undefined,
    value: value ?? undefined,
    type: row.type,
    localeCode: row.localeCode,
  };
}
