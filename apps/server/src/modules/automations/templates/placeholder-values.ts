import type { PlaceholderValues } from '@ecolage/contracts';
import { formatFrancsAscii } from '@ecolage/money';
import type { StudentFacts } from './student-facts.reads';

/**
 * The values of a message's placeholders, from facts already read (no query here): what the
 * preview shows and what the sends of event-triggered workflows carry. Amounts in ASCII spaces
 * (« 45 000 FCFA », one GSM-7 character each), dates dd/mm/yyyy.
 */

const isUpperWord = (word: string) =>
  /\p{L}{2,}/u.test(word) &&
  word === word.toLocaleUpperCase('fr') &&
  word !== word.toLocaleLowerCase('fr');

/**
 * « Kossiwa A. »: the first given name and the family name's initial. A family name written in
 * capitals (« AMEGAVI Kossiwa », « Kossiwa AMEGAVI ») is recognised wherever it stands; else the
 * first word is the given name and the last the family name.
 */
export function shortStudentName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  const upper = words.filter(isUpperWord);
  const given = words.filter((word) => !isUpperWord(word));
  const first = upper.length > 0 && given.length > 0 ? given[0]! : words[0]!;
  const family = upper.length > 0 && given.length > 0 ? upper[0]! : words[words.length - 1]!;
  return `${first} ${[...family][0]!.toLocaleUpperCase('fr')}.`;
}

/** `2027-01-15` → `15/01/2027`. */
export function frenchDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface StudentValuesInput {
  student: StudentFacts;
  schoolName: string;
  /** The guardian the message goes to (or the main payer). */
  guardianName?: string | null;
  /** The student's open balance (billing's definition). */
  balance: number;
  /**
   * The invoice a reminder is about: {montant} is then what is left on it. Without it (a payment,
   * an enrolment), {montant} is the student's open balance and {echeance} the next open invoice's.
   */
  invoice?: { number: string | null; dueOn: string; balance: number } | null;
  /** The school's today, for {jours_retard}. */
  today?: string;
  /** The short payment link, once issued. */
  link?: string | null;
}

/** A student's placeholders: names, class, school, amount due, due date, invoice, days late. */
export function studentPlaceholderValues(input: StudentValuesInput): PlaceholderValues {
  const { student } = input;
  const invoice = input.invoice ?? student.nextInvoice;
  const values: PlaceholderValues = {
    eleve: shortStudentName(student.fullName),
    eleve_complet: student.fullName,
    matricule: student.matricule,
    classe: student.level ?? '',
    programme: student.programme ?? '',
    ecole: input.schoolName,
    responsable: input.guardianName ?? '',
    montant: formatFrancsAscii(input.invoice ? input.invoice.balance : input.balance),
  };
  if (invoice) {
    values.echeance = frenchDay(invoice.dueOn);
    values.facture = invoice.number ?? '';
    if (input.today)
      values.jours_retard = String(Math.max(0, daysBetween(invoice.dueOn, input.today)));
  }
  if (input.link) values.lien = input.link;
  return values;
}
