import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';

/**
 * One handset is one contact (issue 12): `07700 900123`, `447700900123` and
 * `+44 7700 900123` are the same number, so they share every limit and sign in to the same
 * account. Numbers are parsed with libphonenumber (E.164), nationally in the shop's first
 * country first and internationally second, so a UK customer may type their number either way.
 * Fictional ranges (Ofcom's 07700 900xxx) are "possible", not "valid": possible is the test.
 */
export function toE164(typed: string, homeCountry: string): string | null {
  const digits = typed.replace(/[\s().-]/g, '');
  const country = isSupportedCountry(homeCountry) ? (homeCountry as CountryCode) : 'GB';
  if (digits.startsWith('+')) return possible(digits, country);
  if (digits.startsWith('00')) return possible(`+${digits.slice(2)}`, country);
  return possible(digits, country) ?? possible(`+${digits}`, country);
}

function possible(text: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed?.isPossible() ? parsed.number : null;
}

/** Whether a +E.164 number belongs to one of the countries' calling codes. */
export function inCountries(e164: string, countries: readonly string[]): boolean {
  return countries.some(
    (c) => isSupportedCountry(c) && e164.startsWith(`+${getCountryCallingCode(c as CountryCode)}`),
  );
}

/** "the United Kingdom", "Ireland or the United Kingdom": for the refusal's wording. */
export function countryNames(countries: readonly string[]): string {
  const names = new Intl.DisplayNames(['en-GB'], { type: 'region' });
  const list = countries.map((c) => {
    const name = names.of(c) ?? c;
    return ['United Kingdom', 'United States', 'Netherlands'].includes(name) ? `the ${name}` : name;
  });
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`;
}

/**
 * The spellings a stored +E.164 number may have in a form that keeps digits as typed (the
 * reservation form keeps a UK number's 11 digits): the number itself and its national digits.
 */
export function phoneSpellings(e164: string): string[] {
  const parsed = parsePhoneNumberFromString(e164);
  const national = parsed?.formatNational().replace(/\D/g, '');
  return national && national !== e164 ? [e164, national] : [e164];
}
