// The language of the page the browser shows: the server writes it in <html lang> and serves the
// page under that language's folder (/es/news). A page whose address is under no such folder is in
// English, whatever its <html lang> says, so the router's base always matches the address.
import { SOURCE_LANGUAGE, splitLanguagePath } from '../../../../server/schema/site/languages.ts';

export function browserPageLanguage(htmlLang: string, pathname: string): string {
  const code = htmlLang.trim().toLowerCase().split('-')[0] ?? '';
  if (!code || code === SOURCE_LANGUAGE) return SOURCE_LANGUAGE;
  return splitLanguagePath(pathname, [code]).lang;
}
