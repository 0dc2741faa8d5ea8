import '../../styles/missing-id.css';
import { useEffect, useState } from 'react';
import { addressId, type AddressId } from '../../lib/address-id.ts';
import type { T } from '../../lib/i18n/client.ts';

/**
 * The `?id=` of the page's address, read once hydrated (pages are built without an address, so the first frame is
 * the built one: undefined).
 */
export function useAddressId(): AddressId | undefined {
  const [id, setId] = useState<AddressId>();
  useEffect(() => setId(addressId(location.search)), []);
  return id;
}

/**
 * What a detail page shows when its address names no record (/pledge/add with no ?id=): that nothing is chosen, what
 * to choose, and a link to the list to choose it from, instead of an empty page.
 */
export function MissingId({
  t,
  text,
  listHref,
  listLabel,
}: {
  t: T;
  text: string;
  listHref: string;
  listLabel: string;
}) {
  return (
    <section className="missing-id" data-testid="missing-id" aria-labelledby="missing-id-title">
      <svg className="missing-id__icon" width="40" height="40" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M4 4h10l6 6v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm9 1.5V11h5.5L13 5.5ZM6 14v2h12v-2H6Zm0 4v2h8v-2H6Z"
        />
      </svg>
      <h1 id="missing-id-title" className="missing-id__title">
        {t('common.missingId.title')}
      </h1>
      <p className="missing-id__text">{text}</p>
      <a className="btn btn--primary" href={listHref}>
        {listLabel}
      </a>
    </section>
  );
}
