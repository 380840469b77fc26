/**
 * Zones.
 * - `serializeZone` (the zone resource): {id, code, name, type, members: [country codes], _links.self}
 * - `serializeZoneReference` (inside a channel, tax rate or shipping method): {id, code, name, _links.self}
 */
import { enc, href } from "../../serializers/links";

export interface ZoneRefRow {
  id: number;
  code: string;
  name: string;
}

export interface ZoneResourceRow extends ZoneRefRow {
  type: string;
}

export const zoneLinks = (code: string) => ({ self: href(`/zones/${enc(code)}`) });

export function serializeZone(row: ZoneResourceRow, members: readonly string[]) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    members: [...members],
    _links: zoneLinks(row.code),
  };
}

export function serializeZoneReference(row: ZoneRefRow) {
  return { id: row.id, code: row.code, name: row.name, _links: zoneLinks(row.code) };
}
