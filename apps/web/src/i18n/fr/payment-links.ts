/**
 * French strings of staff's online payment tools: a student's « Paiement en ligne » (send or copy
 * the payment link, show the QR code), a class's sheet of QR codes (« Programmes ») and the
 * counter's poster (« Caisse »).
 */
export const paymentLinks = {
  paymentLinks: {
    title: 'Paiement en ligne',
    lead: '{{name}} ({{phone}}), responsable payeur, paie en ligne les factures de la famille, sans créer de compte.',
    noPayer: 'Ajoutez un responsable payeur pour que la famille puisse payer en ligne.',
    send: 'Envoyer le lien par SMS',
    sending: 'Envoi…',
    sent: 'Lien de paiement envoyé par SMS au {{phone}}.',
    sendFailure: "Le lien n'a pas pu être envoyé.",
    copy: 'Copier le lien',
    copying: 'Création du lien…',
    copied: 'Lien de paiement copié.',
    copyFailure: "Le lien n'a pas pu être créé.",
    copyBlocked: "Le navigateur n'a pas permis la copie : copiez le lien ci-dessous.",
    link: 'Lien de paiement',
    linkHint: 'Valable jusqu’au {{date}}. Il ouvre les factures de tous les enfants {{name, de}}.',
    qr: 'QR code',
    qrTitle: 'QR code de paiement {{name, de}}',
    qrLead:
      'Scanné avec un téléphone, il ouvre les factures {{name, de}}. Il reste le même tant qu’il est valable : vous pouvez l’imprimer.',
    qrAlt: 'QR code de paiement {{name, de}}',
    qrLoading: 'Préparation du QR code…',
    qrFailure: "Le QR code n'a pas pu être préparé.",
    qrDownload: 'Télécharger le QR code (SVG)',
    close: 'Fermer',
    sheet: 'Feuille de QR codes (PDF)',
    sheetLabel: 'Télécharger la feuille de QR codes de paiement {{name, de}} (PDF)',
    sheetPending: 'Préparation…',
    sheetFailure: "La feuille de QR codes {{name, de}} n'a pas pu être téléchargée.",
    poster: "Affiche QR de l'école (PDF)",
    posterPending: "Préparation de l'affiche…",
    posterFailure: "L'affiche n'a pas pu être téléchargée.",
  },
} as const;
