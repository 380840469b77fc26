/**
 * The rest of what SQLite keeps in the statement that writes a row, whoever
 * runs it: a product's accepted reviews' rating sum and count (its
 * `averageRating`, Sylius' AverageRatingCalculator: only accepted reviews
 * count) and its `en_US` name (the product list's name sort key), the R2 objects no image row holds any more, and the positions of
 * product attributes closing the gap a delete leaves (Gedmo Sortable's
 * behaviour in Sylius).
 */
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { imageRemovals, productAttributes, productImages, productReviews, products, productTranslations, taxonImages } from "../schema";
import { col, ref, tableName, type Trigger } from "./trigger";

/** Reviews in `status` `accepted` add their `rating` to their product's `sum` and one to its `count`. */
export const REVIEW_RATINGS = {
  reviews: productReviews,
  status: productReviews.status,
  rating: productReviews.rating,
  product: productReviews.productId,
  products,
  sum: products.acceptedRatingSum,
  count: products.acceptedReviewCount,
};

/** A product's `sortName` is the `name` of its translation in `locale` (Sylius' `%locale%`, the one every read shows first). */
export const PRODUCT_SORT_NAME = {
  translations: productTranslations,
  owner: productTranslations.productId,
  locale: productTranslations.locale,
  name: productTranslations.name,
  products,
  key: products.sortName,
  code: "en_US",
};

/** Tables whose rows hold an R2 object's `path`: a deleted row or a replaced path queues it in `image_removals`. */
export const IMAGE_TABLES: { table: SQLiteTable; path: SQLiteColumn }[] = [
  { table: productImages, path: productImages.path },
  { table: taxonImages, path: taxonImages.path },
];

/** Tables whose rows have gapless positions: a delete moves the rows after it up one. */
export const POSITIONED_TABLES: { table: SQLiteTable; position: SQLiteColumn }[] = [{ table: productAttributes, position: productAttributes.position }];

function ratingTriggers(): Trigger[] {
  const { reviews, status, rating, product, products: owners, sum, count } = REVIEW_RATINGS;
  const t = tableName(reviews);
  const accepted = (row: "OLD" | "NEW") => `${ref(row, status)} = 'accepted'`;
  const move = (row: "OLD" | "NEW", sign: "+" | "-", onlyAccepted: boolean) =>
    `UPDATE \`${tableName(owners)}\` SET ${col(sum)} = ${col(sum)} ${sign} ${ref(row, rating)}, ${col(count)} = ${col(count)} ${sign} 1 WHERE \`id\` = ${ref(row, product)}${onlyAccepted ? ` AND ${accepted(row)}` : ""};`;
  const trigger = (event: string, head: string, body: string[]): Trigger => ({
    name: `${t}_rating_${event}`,
    sql: `CREATE TRIGGER \`${t}_rating_${event}\` ${head} BEGIN\n${body.map((line) => `  ${line}`).join("\n")}\nEND`,
  });
  return [
    trigger("insert", `AFTER INSERT ON \`${t}\` WHEN ${accepted("NEW")}`, [move("NEW", "+", false)]),
    trigger("delete", `AFTER DELETE ON \`${t}\` WHEN ${accepted("OLD")}`, [move("OLD", "-", false)]),
    trigger("update", `AFTER UPDATE OF ${[status, rating, product].map(col).join(", ")} ON \`${t}\` WHEN ${accepted("OLD")} OR ${accepted("NEW")}`, [move("OLD", "-", true), move("NEW", "+", true)]),
  ];
}

function sortNameTriggers(): Trigger[] {
  const { translations, owner, locale, name, products: owners, key, code } = PRODUCT_SORT_NAME;
  const t = tableName(translations);
  const inLocale = (row: "OLD" | "NEW") => `${ref(row, locale)} = '${code}'`;
  // The product's key read again from its translation (NULL when it has none in the locale).
  const refresh = (row: "OLD" | "NEW") =>
    `UPDATE \`${tableName(owners)}\` SET ${col(key)} = (SELECT ${col(name)} FROM \`${t}\` WHERE ${col(owner)} = ${ref(row, owner)} AND ${col(locale)} = '${code}') WHERE \`id\` = ${ref(row, owner)};`;
  const trigger = (event: string, head: string, body: string[]): Trigger => ({
    name: `${t}_sort_name_${event}`,
    sql: `CREATE TRIGGER \`${t}_sort_name_${event}\` ${head} BEGIN\n${body.map((line) => `  ${line}`).join("\n")}\nEND`,
  });
  return [
    trigger("insert", `AFTER INSERT ON \`${t}\` WHEN ${inLocale("NEW")}`, [refresh("NEW")]),
    trigger("delete", `AFTER DELETE ON \`${t}\` WHEN ${inLocale("OLD")}`, [refresh("OLD")]),
    trigger("update", `AFTER UPDATE OF ${[name, locale, owner].map(col).join(", ")} ON \`${t}\` WHEN ${inLocale("OLD")} OR ${inLocale("NEW")}`, [refresh("OLD"), refresh("NEW")]),
  ];
}

function imageRemovalTriggers(): Trigger[] {
  const queue = tableName(imageRemovals);
  return IMAGE_TABLES.flatMap(({ table, path }) => {
    const t = tableName(table);
    const p = path.name;
    const body = `  INSERT OR IGNORE INTO ${queue} (${imageRemovals.path.name}) VALUES (OLD.${p});`;
    return [
      { name: `${t}_removed`, sql: `CREATE TRIGGER ${t}_removed AFTER DELETE ON ${t} BEGIN\n${body}\nEND` },
      { name: `${t}_replaced`, sql: `CREATE TRIGGER ${t}_replaced AFTER UPDATE OF ${p} ON ${t} WHEN OLD.${p} <> NEW.${p} BEGIN\n${body}\nEND` },
    ];
  });
}

function positionTriggers(): Trigger[] {
  return POSITIONED_TABLES.map(({ table, position }) => {
    const t = tableName(table);
    const p = col(position);
    return { name: `${t}_close_gap`, sql: `CREATE TRIGGER \`${t}_close_gap\` AFTER DELETE ON \`${t}\` BEGIN UPDATE \`${t}\` SET ${p} = ${p} - 1 WHERE ${p} > OLD.${p}; END` };
  });
}

export const derivedColumnTriggers = (): Trigger[] => [...ratingTriggers(), ...sortNameTriggers(), ...imageRemovalTriggers(), ...positionTriggers()];
