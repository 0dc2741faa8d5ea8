import { PLATFORM_GLOBAL } from '../../../isomorphic/contract/platform.ts';
import { DISPLAY_DEFAULTS, THEMES } from '../../../isomorphic/contract/settings.values.ts';
import { platformConfig } from '../platform.ts';

/** The settings' storage key after the configured prefix (docs/requirements.md §9): "lumex:settings". */
export const SETTINGS_KEY = 'settings';

/**
 * The script the page head runs before anything is drawn: it reads the stored theme and writes it on <html
 * data-theme>, so a night page never flashes white. It is plain ES5 in a string because it runs inline, before any
 * bundle; the stored value is the settings store's wrapper (persist.ts), whose `content.theme` is the choice.
 */
export function themeBootScript(): string {
  return [
    '(function(){',
    `var t=${JSON.stringify(DISPLAY_DEFAULTS.theme)};`,
    'try{',
    `var p=(window[${JSON.stringify(PLATFORM_GLOBAL)}]||{}).storagePrefix||${JSON.stringify(platformConfig().storagePrefix)};`,
    `var s=JSON.parse(localStorage.getItem(p+${JSON.stringify(SETTINGS_KEY)})||'null');`,
    `if(s&&s.content&&${JSON.stringify(THEMES)}.indexOf(s.content.theme)>=0)t=s.content.theme;`,
    '}catch(e){}',
    'document.documentElement.setAttribute("data-theme",t);',
    '})();',
  ].join('');
}
