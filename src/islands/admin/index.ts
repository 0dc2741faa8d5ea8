/** What other island folders may use of admin: everything else in this folder is its own. */
export { ReviewActions } from './ReviewActions.tsx';
export { IdPhotos, useIdReview } from './id-review.tsx';
