// Files kept by the back-office (statistics PDFs, incident attachments): the types an upload may have,
// and the French messages the API answers, which the web also shows when an S3 bucket refuses an upload.

/** The content types a browser may upload, each with the bytes its content must start with. */
export const UPLOAD_TYPES = {
  'application/pdf': { label: 'PDF', extension: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  'image/png': { label: 'PNG', extension: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  'image/jpeg': { label: 'JPEG', extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
} as const satisfies Record<string, { label: string; extension: string; magic: readonly number[] }>;

export type UploadType = keyof typeof UPLOAD_TYPES;

export const isUploadType = (value: string): value is UploadType => Object.hasOwn(UPLOAD_TYPES, value);

/** A size for people: `5 Mo`, `1,5 Mo`, `300 Ko`. */
export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`
    : `${Math.max(1, Math.floor(bytes / 1024)).toLocaleString('fr-FR')} Ko`;

export const FILE_MESSAGES = {
  linkInvalid: 'Lien de fichier invalide',
  linkExpired: 'Ce lien a expiré, veuillez recommencer',
  linkUsed: 'Ce lien de dépôt a déjà été utilisé',
  notFound: 'Fichier introuvable',
  sizeMismatch: 'La taille du fichier ne correspond pas à celle annoncée',
  interrupted: "L'envoi du fichier a été interrompu, veuillez recommencer",
  tooLarge: (maxBytes: number) => `Le fichier dépasse la taille maximale autorisée (${formatSize(maxBytes)})`,
  wrongType: (type: UploadType) => `Le fichier doit être au format ${UPLOAD_TYPES[type].label}`,
} as const;
