// Which country an IP address belongs to, from the IP-to-country database an npm package ships
// (@ip-location-db/geo-whois-asn-country-mmdb, CC0, read with mmdb-lib): no third party, works offline.
// The 8 MB file is read on the first lookup, not at start-up, and kept for the life of the process.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader, type Response } from 'mmdb-lib';

/** This database's record: just the code (not MaxMind's nested `country.iso_code`). */
interface CountryRecord {
  country_code?: string;
}

export type CountryLookup = (ip: string) => Promise<string | null>;

function databasePath(): string {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json'));
  return path.join(dir, 'geo-whois-asn-country.mmdb');
}

/** A lookup over the shipped database (or another mmdb file with a `country_code` per network). */
export function mmdbCountryLookup(file: string = databasePath()): CountryLookup {
  let reader: Promise<Reader<Response>> | null = null;
  return async (ip) => {
    reader ??= readFile(file).then((buffer) => new Reader<Response>(buffer));
    // An IPv4 address written as IPv6 (a dual-stack socket's "::ffff:1.2.3.4") is looked up as IPv4.
    const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    let record: CountryRecord | null;
    try {
      record = (await reader).get(address) as unknown as CountryRecord | null;
    } catch {
      // Not an address at all ("unknown" from a test request without a socket).
      return null;
    }
    const code = record?.country_code?.toUpperCase();
    return code && /^[A-Z]{2}$/.test(code) ? code : null;
  };
}
