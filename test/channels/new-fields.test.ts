import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { createChannel } from "../fixtures/references";
import { serializeChannel } from "../../src/http/resources/channels/serializer";

describe("channel description, hostname, color", () => {
  it("are taken on create and shown (omitted when not set)", async () => {
    const channel = await createChannel({ description: "Lorem ipsum", hostname: "localhost", color: "black" });
    expect(channel).toMatchObject({ description: "Lorem ipsum", hostname: "localhost", color: "black" });
    const keys = Object.keys(channel);
    expect(keys.slice(0, 6)).toEqual(["id", "code", "name", "description", "hostname", "color"]);
    expect((await api("GET", `/api/v1/channels/${channel.code}`)).body).toEqual(channel);
    const plain = await createChannel();
    for (const field of ["description", "hostname", "color"]) expect(plain).not.toHaveProperty(field);
  });

  it("PATCH keeps them when not sent, changes or removes them (null); PUT removes them when not sent", async () => {
    const channel = await createChannel({ description: "A", hostname: "a.example.com", color: "red" });
    expect((await api("PATCH", `/api/v1/channels/${channel.code}`, { name: "Renamed" })).status).toBe(204);
    let read = await api("GET", `/api/v1/channels/${channel.code}`);
    expect(read.body).toMatchObject({ name: "Renamed", description: "A", hostname: "a.example.com", color: "red" });
    expect((await api("PATCH", `/api/v1/channels/${channel.code}`, { description: null, color: "#1abb9c" })).status).toBe(204);
    read = await api("GET", `/api/v1/channels/${channel.code}`);
    expect(read.body).not.toHaveProperty("description");
    expect(read.body).toMatchObject({ hostname: "a.example.com", color: "#1abb9c" });
    // A PUT is Sylius' form submitted whole: what it leaves out is removed.
    expect((await api("PUT", `/api/v1/channels/${channel.code}`, { name: "Renamed", enabled: true })).status).toBe(204);
    read = await api("GET", `/api/v1/channels/${channel.code}`);
    for (const field of ["description", "hostname", "color"]) expect(read.body).not.toHaveProperty(field);
  });

  it("refuses a non-string or an over-long value", async () => {
    const res = await api("POST", "/api/v1/channels/", {
      code: uniqueCode("CH"),
      name: "x",
      baseCurrency: "USD",
      defaultLocale: "en_US",
      taxCalculationStrategy: "order_items_based",
      description: 5,
      hostname: "h".repeat(256),
      color: ["black"],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children).toMatchObject({
      description: { errors: ["This value is not valid."] },
      hostname: { errors: ["This value is not valid."] },
      color: { errors: ["This value is not valid."] },
    });
  });

  it("serializeChannel: the channel of an order and of a payment method (Sylius' Detailed group)", async () => {
    const row = {
      id: 1,
      code: "WEB",
      name: "Web Channel",
      description: "Lorem ipsum",
      hostname: "localhost",
      color: "black",
      enabled: true,
      taxCalculationStrategy: "order_items_based",
      createdAt: "2026-01-02T03:04:05.678Z",
      updatedAt: "2026-01-02T03:04:05.678Z",
    };
    const shown = serializeChannel(row);
    expect(JSON.parse(JSON.stringify(shown))).toEqual({
      id: 1,
      code: "WEB",
      name: "Web Channel",
      description: "Lorem ipsum",
      hostname: "localhost",
      color: "black",
      createdAt: "2026-01-02T03:04:05+00:00",
      updatedAt: "2026-01-02T03:04:05+00:00",
      enabled: true,
      taxCalculationStrategy: "order_items_based",
      _links: { self: { href: "/api/v1/channels/WEB" } },
    });
    expect(Object.keys(JSON.parse(JSON.stringify(serializeChannel({ ...row, description: null, hostname: null, color: null }))))).toEqual([
      "id", "code", "name", "createdAt", "updatedAt", "enabled", "taxCalculationStrategy", "_links",
    ]);
  });
});
