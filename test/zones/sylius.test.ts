/**
 * Zones as Sylius 1.8's ZoneApiTest drives them (tests/Responses/zone/*.json):
 * AdminApiBundle's routing/zone.yml (`POST /zones/{type}`), AddressingBundle's
 * Model.Zone.yml (scope and members only in the detailed set, members as
 * objects), ZoneType and ZoneMemberType (name, type, members, scope, code),
 * Zone.xml, ZoneMember.xml and validators.en.yml.
 */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { validationFailed } from "../fixtures/sylius";
import { createProvince } from "../fixtures/references";

const PATH = "/api/v1/zones/";

describe("zones (Sylius 1.8)", () => {
  it("create_response, show_response, index_response: type, scope, members as {id, code}; the list has no scope or members", async () => {
    const code = uniqueCode("EU");
    const created = await api("POST", `${PATH}country`, { code, name: "European Union", scope: "all", members: [{ code: "NL" }, { code: "BE" }] });
    const expected = {
      id: expect.any(Number),
      code,
      name: "European Union",
      type: "country",
      scope: "all",
      members: [
        { id: expect.any(Number), code: "NL" },
        { id: expect.any(Number), code: "BE" },
      ],
      _links: { self: { href: `${PATH}${code}` } },
    };
    expect(created.status).toBe(201);
    expect(created.body).toEqual(expected);
    expect((await api("GET", `${PATH}${code}`)).body).toEqual(created.body);
    const list = await api("GET", `${PATH}?criteria%5Bcode%5D=${code}`);
    expect(list.body._embedded.items).toEqual([
      { id: created.body.id, code, name: "European Union", type: "country", _links: { self: { href: `${PATH}${code}` } } },
    ]);
  });

  it("creates by type: provinces and zones of zones; POST /zones/ and an unknown type are no creation", async () => {
    const { province: member } = await createProvince();
    const province = await api("POST", `${PATH}province`, { code: uniqueCode("P"), name: "Florida", scope: "tax", members: [{ code: member }] });
    expect(province.status).toBe(201);
    expect(province.body).toMatchObject({ type: "province", scope: "tax", members: [{ code: member }] });
    // A member of a province zone is an existing province (ProvinceCodeChoiceType), not any well-formed code.
    for (const code of ["US", "US-ZZZZZZZZ"]) {
      const badProvince = await api("POST", `${PATH}province`, { code: uniqueCode("P"), name: "Bad", scope: "tax", members: [{ code }] });
      expect(badProvince.body.errors.children.members.children[0].children.code, code).toEqual({ errors: ["This value is not valid."] });
    }

    const code = uniqueCode("ZZ");
    const zone = await api("POST", `${PATH}zone`, { code, name: "Zones", scope: "shipping", members: [{ code: province.body.code }] });
    expect(zone.status).toBe(201);
    expect(zone.body).toMatchObject({ type: "zone", scope: "shipping", members: [{ code: province.body.code }] });
    const unknown = await api("POST", `${PATH}zone`, { code: uniqueCode("ZZ"), name: "Zones", scope: "all", members: [{ code: "NO_SUCH_ZONE" }] });
    expect(unknown.body.errors.children.members.children[0].children.code).toEqual({ errors: ["This value is not valid."] });
    const itself = await api("PUT", `${PATH}${code}`, { name: "Zones", scope: "all", members: [{ code }] });
    expect(itself.status).toBe(400);
    expect(itself.body.errors.errors).toEqual(["Zone member cannot be the same as a zone."]);
    // A zone that is a member of another is in use.
    expect((await api("DELETE", `${PATH}${province.body.code}`)).status).toBe(409);

    const body = { code: uniqueCode("Z"), name: "No type", scope: "all", members: [{ code: "NL" }] };
    expect((await api("POST", PATH, body)).status).toBe(405);
    expect((await api("POST", `${PATH}planet`, body)).status).toBe(405);
    expect((await api("GET", `${PATH}${body.code}`)).status).toBe(404);
  });

  it("create_validation_fail_response: Sylius' messages, children name, type, members, scope, code; the member count on the form", async () => {
    const res = await api("POST", `${PATH}country`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        errors: ["Please add at least 1 zone member."],
        children: {
          name: { errors: ["Please enter zone name."] },
          type: {},
          members: {},
          scope: { errors: ["Please enter the scope."] },
          code: { errors: ["Please enter zone code."] },
        },
      },
    });
    expect(Object.keys(res.body.errors.children)).toEqual(["name", "type", "members", "scope", "code"]);
    const dup = await api("POST", `${PATH}country`, { code: "a b", name: "x", scope: "all", members: [{ code: "NL" }, { code: "NL" }, {}] });
    expect(dup.body).toEqual({
      code: 400,
      message: "Validation Failed",
      errors: {
        errors: ["Chosen zone member is already in this zone."],
        children: {
          name: { errors: ["Zone name must be at least 2 characters long."] },
          type: {},
          members: {
            children: [
              { children: { code: {} } },
              { children: { code: {} } },
              { children: { code: { errors: ["Please choose a zone member."] } } },
            ],
          },
          scope: {},
          code: { errors: ["Zone code can only be comprised of letters, numbers, dashes and underscores."] },
        },
      },
    });
  });

  it("update_validation_fail_response: a PUT without a body is a 400 with the form's errors (not a 204); update_response", async () => {
    const code = uniqueCode("EU");
    await api("POST", `${PATH}country`, { code, name: "European Union", scope: "all", members: [{ code: "NL" }, { code: "BE" }] });
    for (const body of [undefined, {}]) {
      const res = await api("PUT", `${PATH}${code}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 400,
        message: "Validation Failed",
        errors: {
          errors: ["Please add at least 1 zone member."],
          ...validationFailed({
            name: { errors: ["Please enter zone name."] },
            type: {},
            members: {},
            scope: { errors: ["Please enter the scope."] },
            code: {},
          }).errors,
        },
      });
    }
    expect((await api("GET", `${PATH}${code}`)).body.members.map((m: { code: string }) => m.code)).toEqual(["NL", "BE"]);

    const put = await api("PUT", `${PATH}${code}`, { name: "European Union +", scope: "all", members: [{ code: "PL" }] });
    expect(put.status).toBe(204);
    const read = await api("GET", `${PATH}${code}`);
    expect(read.body).toEqual({
      id: expect.any(Number),
      code,
      name: "European Union +",
      type: "country",
      scope: "all",
      members: [{ id: expect.any(Number), code: "PL" }],
      _links: { self: { href: `${PATH}${code}` } },
    });
    // update_partially_response: only the name changes.
    expect((await api("PATCH", `${PATH}${code}`, { name: "Partial" })).status).toBe(204);
    expect((await api("GET", `${PATH}${code}`)).body).toEqual({ ...read.body, name: "Partial" });
  });
});
