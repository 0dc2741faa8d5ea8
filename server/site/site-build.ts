/**
 * Whether the pages are still being built beside the server (`npm start` on a fresh clone, scripts/start.ts): until
 * the build lands, a page answers "being built" (503, reloading itself) instead of the home-page fallback, which
 * would redirect to a page that does not exist yet either.
 */
let building = false;

export function siteBuildBeside(build: Promise<void>): void {
  building = true;
  build.then(
    () => (building = false),
    (err: Error) => {
      building = false;
      console.error(`${err.message}: only the API is served`);
    },
  );
}

export const siteBuilding = (): boolean => building;
