import { z } from 'zod';
import { invoiceStatusValues } from './billing';
import { paymentChannelValues, paymentStatusValues } from './payments';
import { studentStatusValues } from './students';

/** What the top-bar search needs typed: 2 characters at least, 100 at most (spaces around left out). */
export const SEARCH_TERM_MIN = 2;
export const SEARCH_TERM_MAX = 100;

/** Hits shown per group; the answer says whether the group has more. */
export const SEARCH_GROUP_SIZE = 5;

/** `GET /api/search?q=`: the top bar's search. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Tapez ce que vous cherchez.' })
    .trim()
    .min(SEARCH_TERM_MIN, `Tapez au moins ${SEARCH_TERM_MIN} caractères.`)
    .max(SEARCH_TERM_MAX, `${SEARCH_TERM_MAX} caractères au plus.`),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** The groups, in the order the top bar shows them. */
export const searchGroupKinds = [
  'students',
  'guardians',
  'invoices',
  'receipts',
  'payments',
] as const;
export type SearchGroupKind = (typeof searchGroupKinds)[number];

const hitBase = {
  id: z.string(),
  /** What the hit is called: a name, a number, a reference. */
  title: z.string(),
  /** The admin address that opens the record. */
  href: z.string(),
};

export const studentSearchHitSchema = z.object({
  kind: z.literal('student'),
  ...hitBase,
  matricule: z.string(),
  programme: z.string().nullable(),
  status: z.enum(studentStatusValues),
  archived: z.boolean(),
});

export const guardianSearchHitSchema = z.object({
  kind: z.literal('guardian'),
  ...hitBase,
  /** E.164 (`+22890123456`). */
  phone: z.string(),
  /** The students they are linked to, by name (a few). */
  students: z.array(z.string()),
});

export const invoiceSearchHitSchema = z.object({
  kind: z.literal('invoice'),
  ...hitBase,
  studentName: z.string(),
  total: z.number().int(),
  status: z.enum(invoiceStatusValues),
});

export const receiptSearchHitSchema = z.object({
  kind: z.literal('receipt'),
  ...hitBase,
  payerName: z.string(),
  amount: z.number().int(),
  issuedAt: z.string(),
});

export const paymentSearchHitSchema = z.object({
  kind: z.literal('payment'),
  ...hitBase,
  amount: z.number().int(),
  status: z.enum(paymentStatusValues),
  provider: z.enum(paymentChannelValues),
  payerName: z.string(),
  createdAt: z.string(),
});

export const searchHitSchema = z.discriminatedUnion('kind', [
  studentSearchHitSchema,
  guardianSearchHitSchema,
  invoiceSearchHitSchema,
  receiptSearchHitSchema,
  paymentSearchHitSchema,
]);
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({
  kind: z.enum(searchGroupKinds),
  hits: z.array(searchHitSchema),
  /** More than the hits shown match. */
  more: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** The groups the member may read (the others are absent, not empty), in `searchGroupKinds` order. */
export const searchResultSchema = z.object({
  q: z.string(),
  groups: z.array(searchGroupSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
