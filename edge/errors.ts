// The edge's own answers: `{ "message": … }` in French, like the API's, never cached or sniffed.
import { REFUSED_REQUEST_MESSAGES } from '../contract/http';

export const MESSAGES = {
  unavailable: 'Le service est momentanément indisponible, veuillez réessayer.',
  timeout: 'Le service met trop de temps à répondre, veuillez réessayer.',
  notFound: 'Ressource introuvable',
  malformed: REFUSED_REQUEST_MESSAGES.malformed,
  tooLarge: REFUSED_REQUEST_MESSAGES.tooLarge,
  generic: "Une erreur s'est produite",
};

export const json = (status: number, message: string, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify({ message }), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...extra,
    },
  });
