/**
 * The webhook URL policy (src/domain/webhooks/url-policy.ts), as a table:
 * each URL with the verdict it gets, without and with
 * WEBHOOKS_ALLOW_LOCAL_HTTP. Every spelling of a refused address WHATWG
 * accepts (decimal, octal, hex, short forms, IPv4 inside IPv6) is refused.
 */
import { describe, expect, it } from "vitest";
import { checkWebhookUrl, ipv6Groups, URL_MESSAGES } from "../../src/domain/webhooks/url-policy";

const { scheme, credentials, address, localName, malformed } = URL_MESSAGES;

/** [url, message when refused (null: accepted), the same with local http allowed]. */
const TABLE: readonly [string, string | null, string | null][] = [
  // accepted
  ["https://hooks.example.com/sylius", null, null],
  ["https://hooks.example.com:8443/in?x=1", null, null],
  ["https://8.8.8.8/hook", null, null],
  ["https://[2606:4700:4700::1111]/hook", null, null],
  ["https://[::ffff:8.8.8.8]/hook", null, null],
  // schemes
  ["http://hooks.example.com/", scheme, URL_MESSAGES.schemeLocal],
  ["ftp://hooks.example.com/", scheme, URL_MESSAGES.schemeLocal],
  ["file:///etc/passwd", scheme, URL_MESSAGES.schemeLocal],
  ["gopher://hooks.example.com/", scheme, URL_MESSAGES.schemeLocal],
  ["javascript:alert(1)", scheme, URL_MESSAGES.schemeLocal],
  ["data:text/plain,hi", scheme, URL_MESSAGES.schemeLocal],
  ["ws://hooks.example.com/", scheme, URL_MESSAGES.schemeLocal],
  // credentials
  ["https://user:pass@hooks.example.com/", credentials, credentials],
  ["https://user@hooks.example.com/", credentials, credentials],
  ["https://:pass@hooks.example.com/", credentials, credentials],
  ["http://user:pass@localhost/", credentials, credentials],
  // local http: only with the flag, only these two hosts
  ["http://localhost:9000/hook", scheme, null],
  ["http://127.0.0.1:9000/hook", scheme, null],
  ["https://localhost/hook", localName, null],
  ["http://localhost./hook", scheme, null],
  ["http://[::1]:9000/hook", scheme, URL_MESSAGES.schemeLocal],
  ["http://127.0.0.2/hook", scheme, URL_MESSAGES.schemeLocal],
  ["http://10.0.0.1/hook", scheme, URL_MESSAGES.schemeLocal],
  // loopback, every spelling
  ["https://127.0.0.1/", address, null],
  ["https://127.1.2.3/", address, address],
  ["https://2130706433/", address, null],
  ["https://0x7f.1/", address, null],
  ["https://0x7f000001/", address, null],
  ["https://017700000001/", address, null],
  ["https://0177.0.0.1/", address, null],
  ["https://127.1/", address, null],
  ["https://[::1]/", address, address],
  ["https://[0:0:0:0:0:0:0:1]/", address, address],
  ["https://[::ffff:127.0.0.1]/", address, address],
  ["https://[::ffff:7f00:1]/", address, address],
  ["https://[::127.0.0.1]/", address, address],
  // unspecified, this network
  ["https://0.0.0.0/", address, address],
  ["https://0/", address, address],
  ["https://[::]/", address, address],
  // private
  ["https://10.1.2.3/", address, address],
  ["https://172.16.0.1/", address, address],
  ["https://172.31.255.255/", address, address],
  ["https://192.168.1.1/", address, address],
  ["https://3232235777/", address, address],
  ["https://0xc0.0xa8.1.1/", address, address],
  ["https://[::ffff:10.0.0.1]/", address, address],
  ["https://[::ffff:192.168.0.1]/", address, address],
  ["https://[fc00::1]/", address, address],
  ["https://[fd12:3456::1]/", address, address],
  // link-local and metadata
  ["https://169.254.169.254/latest/meta-data/", address, address],
  ["https://0xa9fea9fe/", address, address],
  ["https://2852039166/", address, address],
  ["https://[::ffff:169.254.169.254]/", address, address],
  ["https://[fe80::1]/", address, address],
  ["https://[fd00:ec2::254]/", address, address],
  ["https://100.100.100.200/", address, address],
  ["https://metadata.google.internal/computeMetadata/v1/", localName, localName],
  // CGNAT (shared)
  ["https://100.64.0.1/", address, address],
  ["https://100.127.255.254/", address, address],
  // multicast, reserved, broadcast
  ["https://224.0.0.1/", address, address],
  ["https://239.255.255.250/", address, address],
  ["https://240.0.0.1/", address, address],
  ["https://255.255.255.255/", address, address],
  ["https://[ff02::1]/", address, address],
  // documentation, benchmarking, NAT64, 6to4, Teredo
  ["https://192.0.2.10/", address, address],
  ["https://198.18.0.1/", address, address],
  ["https://[2001:db8::1]/", address, address],
  ["https://[64:ff9b::a00:1]/", address, address],
  ["https://[2002:7f00:1::]/", address, address],
  ["https://[2001:0:4136:e378::1]/", address, address],
  // IPv4-like just outside the private ranges
  ["https://172.32.0.1/", null, null],
  ["https://100.128.0.1/", null, null],
  ["https://11.0.0.1/", null, null],
  // local names
  ["https://localhost/", localName, null],
  ["https://LOCALHOST./", localName, null],
  ["https://api.localhost/", localName, localName],
  ["https://printer.local/", localName, localName],
  ["https://db.internal/", localName, localName],
  ["https://router.home.arpa/", localName, localName],
  ["https://intranet/", localName, localName],
  // malformed
  ["not a url", malformed, malformed],
  ["https://", malformed, malformed],
  ["//hooks.example.com/", malformed, malformed],
];

describe("WebhookUrlPolicy", () => {
  it.each(TABLE)("%s", (url, refused, refusedWithLocalHttp) => {
    const strict = checkWebhookUrl(url, { allowLocalHttp: false });
    expect(strict.ok ? null : strict.message).toBe(refused);
    const local = checkWebhookUrl(url, { allowLocalHttp: true });
    expect(local.ok ? null : local.message).toBe(refusedWithLocalHttp);
  });

  it("keeps the URL as it will be called (WHATWG's serialization)", () => {
    expect(checkWebhookUrl("  https://Hooks.Example.COM  ", { allowLocalHttp: false })).toEqual({ ok: true, url: "https://hooks.example.com/" });
  });

  it("refuses a blank or overlong URL", () => {
    expect(checkWebhookUrl(" ", { allowLocalHttp: false })).toEqual({ ok: false, message: URL_MESSAGES.blank });
    expect(checkWebhookUrl(`https://hooks.example.com/${"a".repeat(2048)}`, { allowLocalHttp: false })).toEqual({ ok: false, message: URL_MESSAGES.tooLong });
  });

  it("reads IPv6 groups in every form", () => {
    expect(ipv6Groups("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(ipv6Groups("::1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0, 0x102, 0x304]);
    expect(ipv6Groups("2001:db8::")).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups("1::2::3")).toBeNull();
    expect(ipv6Groups("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(ipv6Groups("12345::")).toBeNull();
  });
});
