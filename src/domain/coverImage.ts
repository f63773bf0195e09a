// Which cover image addresses a post may carry. Every reader's browser loads the cover as
// <img src>, so only two kinds are accepted: an image uploaded here (the path uploadNewsImage answers) or an
// https: address of a public host. Anything else could run script (javascript:, vbscript:), leave the site
// unencrypted (http:, //host) or make every reader's browser call an internal address (localhost, 10.0.0.1,
// 169.254.169.254, an intranet name). openapi.yaml's pattern refuses the shapes a pattern can tell; this also
// reads the host as a browser would (WHATWG URL: 3232235777 and 0xc0.0xa8.1.1 are 192.168.1.1).
// Pure: the server refuses what fails here, and the admin news editor says why before it saves.

/** The path of an uploaded cover image, as services/newsImages.ts names it (/media/news/<sha-256 prefix>.<ext>). */
export const UPLOADED_COVER_PATH = /^\/media\/news\/[a-f0-9]{40}\.(png|jpg|webp)$/;

export type CoverImageProblem =
  /** Not an uploaded image nor an https: address (another scheme, a relative or protocol-relative path…). */
  | 'not_uploaded_or_https'
  /** An https: address of a host readers' browsers must not be sent to (localhost, a private address…). */
  | 'internal_host'
  /** An https: address with a user name or password in it. */
  | 'credentials';

// Names that only mean something inside a network (RFC 6761, RFC 6762, RFC 8375, and common intranet suffixes).
const INTERNAL_SUFFIXES = ['localhost', 'local', 'internal', 'intranet', 'lan', 'home.arpa', 'localdomain'];

// IPv4 ranges that are not public addresses: [base address, prefix length].
const PRIVATE_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata endpoints)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const v4Number = (address: string) => address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);

function isPrivateV4(address: string): boolean {
  const value = v4Number(address);
  return PRIVATE_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(value / size) === Math.floor(v4Number(base) / size);
  });
}

/** Whether an IPv6 literal (without brackets, as the URL parser normalised it) is not a public address. */
function isPrivateV6(address: string): boolean {
  const text = address.toLowerCase();
  if (text === '::' || text === '::1') return true;
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast.
  if (/^f[cd][0-9a-f]{0,2}:/.test(text) || /^fe[89ab][0-9a-f]?:/.test(text) || /^ff[0-9a-f]{0,2}:/.test(text)) return true;
  // An IPv4 address mapped or translated into IPv6 (::ffff:7f00:1 is 127.0.0.1): judge the IPv4 address.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(text) ?? /^64:ff9b::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(text);
  if (mapped) {
    const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
    return isPrivateV4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return false;
}

function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return isPrivateV6(host.slice(1, -1));
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return isPrivateV4(host);
  // A single-label name (https://intranet/) is resolved inside the reader's network.
  if (!host.includes('.')) return true;
  return INTERNAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** Why a cover image address is refused, or null when a post may carry it. */
export function coverImageProblem(url: string): CoverImageProblem | null {
  if (UPLOADED_COVER_PATH.test(url)) return null;
  // Only the scheme in lower case, nothing before it: " https://x" or "HTTPS://x" are not what readers get as typed.
  if (!url.startsWith('https://') || /[\s\\\u0000-\u001f\u007f]/.test(url)) return 'not_uploaded_or_https';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not_uploaded_or_https';
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname) return 'not_uploaded_or_https';
  if (parsed.username || parsed.password) return 'credentials';
  return isInternalHost(parsed.hostname) ? 'internal_host' : null;
}
