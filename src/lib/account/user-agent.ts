/** What a user agent says about the browser and system, for the device list: "Chrome 131", "Windows". */
interface AgentSummary {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge and Opera also claim Chrome, Chrome claims Safari.
const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];
const SYSTEMS: Array<[string, RegExp]> = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

/**
 * describeAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0') → { browser: 'Firefox 128',
 * os: 'Linux' }.
 */
export function describeAgent(ua: string | null): AgentSummary {
  if (!ua) return { browser: null, os: null };
  const browser = BROWSERS.map(([name, re]) => [name, re.exec(ua)] as const).find(([, m]) => m);
  const os = SYSTEMS.find(([, re]) => re.test(ua));
  return { browser: browser ? `${browser[0]} ${browser[1]![1]}` : null, os: os ? os[0] : null };
}
