import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  Metadata,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/mobile';
import { E164, normalizePhone, smsMessages } from './conversations-sms.ts';

/**
 * Whether a number can be texted, by every country's numbering plan: libphonenumber-js with its
 * "mobile" metadata (Google's libphonenumber plans, mobile ranges only: a text cannot reach a
 * landline, so Twilio would fail it anyway). A file of its own, apart from conversations-sms.ts,
 * because the metadata is about 100 KB: only the server and the composer's live check load it, and
 * the portal loads it on demand (never in the login or dashboard bundles).
 */

/** +1 is shared by 25 countries; the words the other +1 messages already use. */
const NANP = 'the United States or Canada';

let regionNames: Intl.DisplayNames | null | undefined;
/** A country's English name, with "the" where English puts one ("the United Kingdom", "the Isle of Man"). */
function countryName(code: CountryCode): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null; // a runtime without ICU region names: the ISO code says it
    }
  }
  const name = regionNames?.of(code) ?? code;
  return /^(United |Isle of |Central African|Dominican|Czech )|Islands$|^(Netherlands|Philippines|Bahamas|Gambia|Maldives|Comoros|Seychelles)$/.test(name)
    ? `the ${name}`
    : name;
}

const orList = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

/** "9", "9 or 10", "7, 9 or 10", or a run as "4 to 15". */
function lengthsInWords(lengths: readonly number[]): string {
  const l = [...new Set(lengths)].sort((a, b) => a - b);
  const last = l[l.length - 1];
  if (l.length >= 3 && last - l[0] === l.length - 1) return `${l[0]} to ${last}`;
  return orList(l.map(String));
}

/**
 * Where a calling code leads, for the words of a refusal: the country libphonenumber found, else the
 * first it could be (it lists the code's main country first: the United Kingdom for +44), else every
 * country sharing the code. +1 is named as the other +1 messages name it, with the one North American plan.
 */
function placeOf(callingCode: string, found: CountryCode | undefined, possible: readonly CountryCode[]): { name: string; plans: CountryCode[] } {
  if (callingCode === '1' && !found) return { name: NANP, plans: ['US'] };
  const countries = found ? [found] : possible.length ? [possible[0]] : getCountries().filter((c) => getCountryCallingCode(c) === callingCode);
  return { name: orList(countries.map(countryName)), plans: countries };
}

/** The national lengths of the plans (the documented `Metadata` access of libphonenumber-js) that E.164's 7 to 15 digits leave. */
function possibleLengths(plans: readonly CountryCode[], callingCode: string): number[] {
  const metadata = new Metadata();
  const lengths = plans.flatMap((c) => {
    metadata.selectNumberingPlan(c);
    return metadata.numberingPlan?.possibleLengths() ?? [];
  });
  return lengths.filter((l) => l + callingCode.length >= 7 && l + callingCode.length <= 15);
}

/**
 * What is wrong with a number for a text, in words, or null when it can be texted. In order: the
 * shape (+ and digits, after normalizePhone's rule for numbers without a country code); a known
 * country code; the length its country's plan allows after the code within E.164's 7 to 15 digits
 * (Germany 4 to 13, France 9, Italy 6 to 12...); for +1 the area code and exchange, which never start
 * with 0 or 1; and then a mobile number of that country (the plan's mobile ranges and their lengths:
 * "+49 151 234567" is too short for a German mobile, "+44 20 7946 0958" is a London landline). The
 * server refuses with it (400) and the composer shows it before sending.
 */
export function phoneProblem(input: string): string | null {
  const n = normalizePhone(input);
  if (!/^\+[1-9]\d+$/.test(n)) return smsMessages.invalidNumber(input);
  const parsed = parsePhoneNumberFromString(n);
  const length = validatePhoneNumberLength(n);
  if (!parsed || length === 'NOT_A_NUMBER' || length === 'INVALID_COUNTRY') return smsMessages.invalidNumber(input);
  const code = parsed.countryCallingCode;
  const national = parsed.nationalNumber;
  const place = placeOf(code, parsed.country, parsed.getPossibleCountries());
  if (length || !E164.test(n)) {
    const lengths = possibleLengths(place.plans, code);
    if (!lengths.length) return smsMessages.invalidNumber(input);
    if (!lengths.includes(national.length)) return smsMessages.wrongLengthForCountry(input, place.name, code, lengthsInWords(lengths), national.length);
  }
  if (!E164.test(n)) return smsMessages.invalidNumber(input);
  if (code === '1') {
    if (national[0] === '0' || national[0] === '1') return smsMessages.nanpBadDigit(input, 'area code');
    if (national[3] === '0' || national[3] === '1') return smsMessages.nanpBadDigit(input, 'exchange');
  }
  if (!isValidPhoneNumber(n)) return smsMessages.notMobileNumber(input, place.name, code, national.length);
  return null;
}
