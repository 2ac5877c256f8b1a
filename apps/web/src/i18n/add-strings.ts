import i18next from 'i18next';
import type { ScreenStrings } from './fr';

/**
 * Adds French strings of the admin screens (see `ScreenStrings` in ./fr) to the app's i18next
 * instance (the default one, set up by ./index). Called by a screen's chunk when it loads,
 * before it renders; English has them all in its own chunk. Kept apart from ./index so that
 * a screen's chunk does not pull the bundled French strings out of the app bundle.
 *
 * On an /admin address the boot script fetches the admin chunk in parallel with the app
 * bundle, so this may run before ./index has initialised i18next (whose store methods only
 * exist from then on): the strings are then added as soon as it is, still before any render.
 */
export function addFrenchStrings(...bundles: Partial<ScreenStrings>[]): void {
  const add = () => {
    for (const bundle of bundles) {
      i18next.addResourceBundle('fr', 'translation', bundle, true, false);
    }
  };
  if (i18next.isInitialized || i18next.isInitializing) {
    add();
    return;
  }
  const onInitialized = () => {
    i18next.off('initialized', onInitialized);
    add();
  };
  i18next.on('initialized', onInitialized);
}
