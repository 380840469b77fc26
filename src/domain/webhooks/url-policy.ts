/**
 * Where a webhook endpoint may point (no server-side request forgery): the
 * URL is parsed as `fetch` will parse it (WHATWG URL), so what is checked is
 * what would be called. WHATWG already rewrites every IPv4 form to dotted
 * decimal (`https://2130706433/`, `https://0x7f.1/`, `https://017700000001/`
 * are all `127.0.0.1`) and IPv6 to its compressed form, so the checks below
 * see one spelling per address.
 *
 * Refused: any scheme but `https`; a user name or password; an IP literal
 * (v4, v6, v4 inside v6) of the unspecified, "this network", private,
 * loopback, link-local, CGNAT (shared), multicast, reserved, documentation,
 * benchmark or cloud metadata ranges; the local names `localhost`,
 * `*.localhost`, `*.local`, `*.internal`, and names of one label (`intranet`).
 * With `allowLocalHttp` (the `WEBHOOKS_ALLOW_LOCAL_HTTP` variable, for local
 * development only), `http` or `https` to `localhost` or `127.0.0.1` is
 * accepted, and nothing else more.
 *
 * A public name that resolves to a private address is not judged here (the
 * Workers runtime's `fetch` does not reach private networks).
 */

/** The longest URL an endpoint may have. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

export const URL_MESSAGES = {
  blank: "Please enter the URL of the endpoint.",
  tooLong: `The URL must not be longer than ${WEBHOOK_URL_MAX_LENGTH} characters.`,
  malformed: "This value is not a valid URL.",
  scheme: "The URL must use https.",
  schemeLocal: "The URL must use https (plain http only to localhost or 127.0.0.1).",
  credentials: "The URL must not contain a user name or password.",
  address: "The URL must not point to a private, loopback, link-local, shared, multicast, reserved or metadata address.",
  localName: "The URL must name a public host (not localhost, *.localhost, *.local, *.internal or a name without a dot).",
} as const;

export type UrlVerdict = { ok: true; url: string } | { ok: false; message: string };

/** The hosts `allowLocalHttp` lets an endpoint call (over http or https). */
const LOCAL_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1"]);

/** IPv4 ranges no endpoint may name: [first octets as a number, prefix length]. */
const BLOCKED_V4: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (CGNAT); Alibaba's metadata 100.100.100.200
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local; the metadata service 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

/** A dotted-decimal IPv4 address as a 32-bit number, or null when `text` is not one. */
export function ipv4Number(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

const inV4Range = (address: number, [base, prefix]: readonly [string, number]) => {
  const start = ipv4Number(base) ?? 0;
  const size = 2 ** (32 - prefix);
  return address >= start && address < start + size;
};

/** Whether an IPv4 address (32-bit number) lies in a range no endpoint may name. */
export const isBlockedV4 = (address: number): boolean => BLOCKED_V4.some((range) => inV4Range(address, range));

/** The eight 16-bit groups of an IPv6 address (without brackets; an embedded dotted IPv4 tail allowed), or null. */
export function ipv6Groups(text: string): number[] | null {
  let head = text.toLowerCase();
  const tail: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (dotted?.[1] !== undefined) {
    const v4 = ipv4Number(dotted[1]);
    if (v4 === null) return null;
    tail.push(Math.floor(v4 / 65536), v4 % 65536);
    // `::1.2.3.4` keeps its gap (`::`); `::ffff:1.2.3.4` drops the colon before the tail.
    head = head.slice(0, dotted.index + 1);
    if (!head.endsWith("::")) head = head.slice(0, -1);
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part === undefined || part === "" ? [] : part.split(":"));
  const left = parse(halves[0]);
  const right = parse(halves[1]);
  const groups = [...left, ...right];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const missing = 8 - tail.length - groups.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const numbers = (list: string[]) => list.map((group) => parseInt(group, 16));
  return [...numbers(left), ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...numbers(right), ...tail];
}

/** The IPv4 address in groups 6 and 7. */
const embeddedV4 = (groups: readonly number[]) => (groups[6] ?? 0) * 65536 + (groups[7] ?? 0);

/** Whether an IPv6 address (its eight groups) lies in a range no endpoint may name, IPv4 inside it included. */
export function isBlockedV6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0] = groups;
  const zeroTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  // ::/128 unspecified, ::1 loopback, ::a.b.c.d (IPv4-compatible, deprecated): all of ::/96.
  if (zeroTo(6)) return true;
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated): judged as their IPv4 address.
  if (zeroTo(5) && g5 === 0xffff) return isBlockedV4(embeddedV4(groups));
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return isBlockedV4(embeddedV4(groups));
  // 64:ff9b::/96 (NAT64, well-known) and 64:ff9b:1::/48 (local-use NAT64).
  if (g0 === 0x64 && g1 === 0xff9b) return g2 === 1 || isBlockedV4(embeddedV4(groups));
  // 2002::/16 (6to4): the IPv4 address in groups 1 and 2.
  if (g0 === 0x2002) return isBlockedV4(g1 * 65536 + g2);
  // 100::/64 discard-only.
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return true;
  // 2001::/32 (Teredo, tunnels to any IPv4), 2001:db8::/32 (documentation), 2001:2::/48 (benchmarking).
  if (g0 === 0x2001 && (g1 === 0 || g1 === 0xdb8 || (g1 === 2 && g2 === 0))) return true;
  // fc00::/7 unique local (AWS's metadata fd00:ec2::254), fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast.
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0 || (g0 & 0xff00) === 0xff00) return true;
  return false;
}

/** Local names: `localhost`, `*.localhost`, `*.local`, `*.internal` (GCP's metadata.google.internal), or one label (no dot). */
const isLocalName = (host: string): boolean =>
  host === "localhost" || !host.includes(".") || [".localhost", ".local", ".internal", ".home.arpa"].some((suffix) => host.endsWith(suffix)) || host === "local" || host === "internal";

/**
 * The verdict on an endpoint's URL: the URL as it will be called (WHATWG's
 * serialization: what was checked is what is stored), or why it is refused.
 */
export function checkWebhookUrl(text: string, options: { allowLocalHttp: boolean }): UrlVerdict {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, message: URL_MESSAGES.blank };
  if (trimmed.length > WEBHOOK_URL_MAX_LENGTH) return { ok: false, message: URL_MESSAGES.tooLong };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: URL_MESSAGES.malformed };
  }
  const scheme = url.protocol;
  const refusedScheme = { ok: false, message: options.allowLocalHttp ? URL_MESSAGES.schemeLocal : URL_MESSAGES.scheme } as const;
  if (scheme !== "https:" && scheme !== "http:") return refusedScheme;
  if (url.username !== "" || url.password !== "") return { ok: false, message: URL_MESSAGES.credentials };
  // A fully qualified name's root dot (`localhost.`) names the same host.
  const host = url.hostname.replace(/\.$/, "");
  if (host === "") return { ok: false, message: URL_MESSAGES.malformed };
  if (options.allowLocalHttp && LOCAL_HOSTS.has(host)) return { ok: true, url: url.href };
  if (scheme !== "https:") return refusedScheme;
  if (host.startsWith("[")) {
    const groups = ipv6Groups(host.slice(1, -1));
    if (groups === null) return { ok: false, message: URL_MESSAGES.malformed };
    return isBlockedV6(groups) ? { ok: false, message: URL_MESSAGES.address } : { ok: true, url: url.href };
  }
  const v4 = ipv4Number(host);
  if (v4 !== null) return isBlockedV4(v4) ? { ok: false, message: URL_MESSAGES.address } : { ok: true, url: url.href };
  if (isLocalName(host)) return { ok: false, message: URL_MESSAGES.localName };
  return { ok: true, url: url.href };
}
