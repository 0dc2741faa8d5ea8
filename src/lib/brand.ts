/** The product name shown as every page title (docs/requirements.md §2), fixed when the site is built. */
export const PRODUCT_NAME: string = import.meta.env?.PUBLIC_PRODUCT_NAME ?? 'Lumex';
