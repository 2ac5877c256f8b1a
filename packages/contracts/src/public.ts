import { z } from 'zod';

/**
 * Public website calls: newsletter subscription and contact form. Field names keep the spec's
 * shapes; `website` is a honeypot that people never see and bots fill in.
 */
const email = z
  .string({ error: "L'adresse e-mail est obligatoire." })
  .trim()
  .min(1, "L'adresse e-mail est obligatoire.")
  .max(254, "L'adresse e-mail est trop longue.")
  .pipe(z.email({ error: "L'adresse e-mail n'est pas valide." }));

const honeypot = z.string().max(200).optional();

export const newsletterSubscribeRequestSchema = z.object({
  email,
  website: honeypot,
});
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequestSchema>;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, 'Veuillez remplir tous les champs obligatoires.')
    .max(max, `${label} ne doit pas dépasser ${max} caractères.`);

export const contactRequestSchema = z.object({
  name: required('Le nom', 120),
  email,
  subject: required("L'objet", 200),
  message: required('Le message', 5000),
  website: honeypot,
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** Successful answer of the public calls: a French sentence to show in a toast. */
export const publicMessageResponseSchema = z.object({
  message: z.string(),
});
export type PublicMessageResponse = z.infer<typeof publicMessageResponseSchema>;

export const PublicMessages = {
  newsletterSubscribed: 'Merci ! Votre abonnement à la newsletter est confirmé.',
  contactSent: 'Votre message a été envoyé avec succès !',
  fillRequiredFields: 'Veuillez remplir tous les champs obligatoires.',
} as const;
