import type { OperationMeta } from "../../openapi/describe";
import { capitalize } from "./names";

/**
 * The create paths of a resource created by type (Sylius' `POST
 * /<path>/{type}`): `POST /<type>` for each type, its variant the type,
 * each documented as its own operation (`create<Type><idPrefix>`).
 */
export const createPathPerType = <T extends string>(
  types: readonly T[],
  kind: { path: string; idPrefix: string; one: string; summary: (type: T) => string },
) =>
  types.map((type) => ({
    path: `/${type}`,
    variant: type,
    docs: (create: OperationMeta): OperationMeta => ({
      ...create,
      operationId: `create${capitalize(type)}${kind.idPrefix}`,
      summary: kind.summary(type),
      description: `${kind.one} of type \`${type}\` (Sylius' \`POST /${kind.path}/{type}\`).`,
    }),
  }));
