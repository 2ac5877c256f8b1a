/**
 * A request's URL as the logs may keep it: the bearer secrets some URLs carry are masked. A payer's
 * link (`/payer/l/<jeton>`), an opt-out link, a short link, a receipt's check code, a messaging
 * webhook's token, and the signature of a file link each open something to whoever holds them;
 * log files are read by more people and kept longer than the database's rows.
 */
const SECRET_SEGMENT =
  /^(\/payer\/l\/|\/desabonnement\/|\/s\/|\/verifier\/|\/api\/public\/receipts\/|\/api\/webhooks\/messages\/[^/?]+\/)[^/?]+/;
const SECRET_PARAMETER = /^(token|jeton|sig|signature|code|key|password)$/i;
export const MASK = '…';

export function maskedUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const maskedPath = path.replace(SECRET_SEGMENT, `$1${MASK}`);
  if (query === -1) return maskedPath;
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMETER.test(decodeName(name)) ? `${name}=${MASK}` : pair;
    });
  return `${maskedPath}?${parameters.join('&')}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
