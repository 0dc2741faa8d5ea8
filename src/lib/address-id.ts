/**
 * What the `?id=` of a detail page's address names (/defis/details, /pledge/add, /finance/detail, /otc/order): a
 * record's id, nothing at all (the page was opened from a bookmark or a menu without one), or something that cannot be
 * an id. The first is loaded, the second asks the user to pick one from the list, the third says no such record exists.
 */
export type AddressId = number | 'missing' | 'invalid';

export function addressId(search: string): AddressId {
  const raw = new URLSearchParams(search).get('id')?.trim() ?? '';
  if (raw === '') return 'missing';
  const id = Number(raw);
  return /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : 'invalid';
}
