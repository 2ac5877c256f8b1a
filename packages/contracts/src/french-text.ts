/**
 * French élision of « de » before a name: « d’Adjoa », « d’Hélène », « d’Yves », but « de Kofi »,
 * « de Yao » (a y before a vowel is a consonant). Every h is taken as mute, as in nearly every
 * first name. The typographic apostrophe, as in the rest of the app's French.
 */
export function deName(name: string): string {
  const text = name.trim();
  const elides = /^(?:[aeiouàâäéèêëîïôöùûüœæh]|y[^aeiouàâäéèêëîïôöùûü])/i.test(text);
  return elides ? `d’${text}` : `de ${text}`;
}
