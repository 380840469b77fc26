/**
 * Zones, as AddressingBundle's Model.Zone.yml serializes them (Sylius 1.8).
 * - `serializeZone` (the zone resource, Detailed): {id, code, name, type, scope, members: [{id, code}], _links.self}
 * - `serializeZoneListItem` (a list's item, Default): {id, code, name, type, _links.self}
 * - `serializeZoneReference` (inside a channel, tax rate or shipping method): {id, code, name, _links.self}
 */
import { enc, href } from "../../serializers/links";

export interface ZoneRefRow {
  id: number;
  code: string;
  name: string;
}

export interface ZoneListRow extends ZoneRefRow {
  type: string;
}

export interface ZoneResourceRow extends ZoneListRow {
  scope: string;
}

export interface ZoneMemberRow {
  id: number;
  code: string;
}

export const zoneLinks = (code: string) => ({ self: href(`/zones/${enc(code)}`) });

export function serializeZone(row: ZoneResourceRow, members: readonly ZoneMemberRow[]) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    scope: row.scope,
    members: members.map((member) => ({ id: member.id, code: member.code })),
    _links: zoneLinks(row.code),
  };
}

export function serializeZoneListItem(row: ZoneListRow) {
  return { id: row.id, code: row.code, name: row.name, type: row.type, _links: zoneLinks(row.code) };
}

export function serializeZoneReference(row: ZoneRefRow) {
  return { id: row.id, code: row.code, name: row.name, _links: zoneLinks(row.code) };
}
