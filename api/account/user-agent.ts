// A session's user-agent put in words a user recognises: the browser with its major version, and the
// operating system with its version name ('Chrome 131', 'Windows 10'), read by Bowser.
import Bowser from 'bowser';
import { ACCOUNT_MESSAGES } from '../../contract/account';

export interface ClientDescription {
  browser: string;
  system: string;
}

const words = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ');

export function describeClient(userAgent: string | null): ClientDescription {
  const unknown = { browser: ACCOUNT_MESSAGES.unknownBrowser, system: ACCOUNT_MESSAGES.unknownSystem };
  if (!userAgent) return unknown;
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowser();
  const os = parser.getOS();
  return {
    browser: browser.name ? words(browser.name, browser.version?.split('.')[0]) : unknown.browser,
    system: os.name ? words(os.name, os.versionName ?? os.version) : unknown.system,
  };
}
