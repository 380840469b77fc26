import { SELF } from "cloudflare:test";
import { TEST_TOKEN } from "./accounts";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the worker through its public fetch, as a client would. */
export async function api<T = any>(
  method: string,
  path: string,
  body?: unknown,
  options: { token?: string | null; headers?: Record<string, string>; raw?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const token = options.token === undefined ? TEST_TOKEN : options.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let payload: string | undefined = options.raw;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["Content-Type"] ??= "application/json";
  }
  const response = await SELF.fetch(`https://example.com${path}`, { method, headers, body: payload });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** D1 round trips reported by `Server-Timing` (`d1;...;desc="N"`). */
export function d1RoundTrips(headers: Headers): number {
  const match = /d1;[^,]*desc="(\d+)"/.exec(headers.get("Server-Timing") ?? "");
  return match ? Number(match[1]) : Number.NaN;
}

/** A code unique to this call, so tests never collide on shared storage. */
let counter = 0;
export function uniqueCode(prefix = "T"): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}_${counter}_${Math.floor(Math.random() * 1e6).toString(36)}`;
}
