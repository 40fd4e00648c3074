// What each mail of the service says (docs/staff.md "Mail"), in the five languages the capture page speaks. A mail to
// the person taking photos is written in the session's language; a mail to the account's staff in the account's.
import type { CallbackDisableCause } from './callback-disabling.js';
import type { CaptureLanguage } from './languages.js';

export type MailKind = 'invitation' | 'report_ready' | 'review_waiting' | 'callback_disabled';

export interface MailText {
  subject: string;
  text: string;
}

interface Wording {
  hello: (name: string | null) => string;
  invitationSubject: (sender: string) => string;
  invitation: (sender: string) => string;
  reportSubject: (sender: string) => string;
  report: (sender: string) => string;
  linkValidUntil: (date: string) => string;
  reviewSubject: (sessionKey: string) => string;
  review: (sessionKey: string) => string;
  callbackSubject: (event: string) => string;
  callback: (event: string, url: string) => string;
  gone: string;
  failing: (days: number, since: string) => string;
  lastError: (error: string) => string;
  enableAgain: string;
}

const WORDING: Record<CaptureLanguage, Wording> = {
  en: {
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    invitationSubject: (sender) => `${sender}: please photograph your vehicle`,
    invitation: (sender) => `${sender} asks you to photograph your vehicle for its inspection. Open this link on your phone and follow the steps:`,
    reportSubject: (sender) => `${sender}: your vehicle's condition report`,
    report: (sender) => `Thank you. The condition report from ${sender} is ready:`,
    linkValidUntil: (date) => `The link works until ${date}.`,
    reviewSubject: (key) => `Inspection ${key} is waiting for review`,
    review: (key) => `The photos of inspection ${key} are in. It waits for a person to complete its review:`,
    callbackSubject: (event) => `Webhook for ${event} disabled`,
    callback: (event, url) => `The callback for ${event} (${url}) has been disabled. Nothing more is sent to it until it is enabled again.`,
    gone: 'Its receiver answered 410 Gone.',
    failing: (days, since) => `Every delivery to it failed for ${days} ${days === 1 ? 'day' : 'days'}: none has succeeded since ${since}.`,
    lastError: (error) => `Last error: ${error}`,
    enableAgain: 'Once the receiver works, enable the callback again and send what failed meanwhile (Settings, Developers):',
  },
  es: {
    hello: (name) => (name ? `Hola ${name}:` : 'Hola:'),
    invitationSubject: (sender) => `${sender}: fotografíe su vehículo`,
    invitation: (sender) => `${sender} le pide que fotografíe su vehículo para la inspección. Abra este enlace en su teléfono y siga los pasos:`,
    reportSubject: (sender) => `${sender}: el informe del estado de su vehículo`,
    report: (sender) => `Gracias. El informe de estado de ${sender} está listo:`,
    linkValidUntil: (date) => `El enlace funciona hasta el ${date}.`,
    reviewSubject: (key) => `La inspección ${key} espera revisión`,
    review: (key) => `Las fotos de la inspección ${key} ya están. Espera a que una persona complete la revisión:`,
    callbackSubject: (event) => `Webhook de ${event} desactivado`,
    callback: (event, url) => `El callback de ${event} (${url}) se ha desactivado. No se le enviará nada más hasta que se active de nuevo.`,
    gone: 'Su receptor respondió 410 Gone.',
    failing: (days, since) => `Todas las entregas fallaron durante ${days} ${days === 1 ? 'día' : 'días'}: ninguna ha tenido éxito desde el ${since}.`,
    lastError: (error) => `Último error: ${error}`,
    enableAgain: 'Cuando el receptor funcione, active de nuevo el callback y reenvíe lo que falló entretanto (Ajustes, Desarrolladores):',
  },
  fr: {
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    invitationSubject: (sender) => `${sender} : photographiez votre véhicule`,
    invitation: (sender) =>
      `${sender} vous demande de photographier votre véhicule pour son inspection. Ouvrez ce lien sur votre téléphone et suivez les étapes :`,
    reportSubject: (sender) => `${sender} : le rapport d'état de votre véhicule`,
    report: (sender) => `Merci. Le rapport d'état de ${sender} est prêt :`,
    linkValidUntil: (date) => `Le lien fonctionne jusqu'au ${date}.`,
    reviewSubject: (key) => `L'inspection ${key} attend sa revue`,
    review: (key) => `Les photos de l'inspection ${key} sont arrivées. Elle attend qu'une personne termine sa revue :`,
    callbackSubject: (event) => `Webhook ${event} désactivé`,
    callback: (event, url) => `Le callback de ${event} (${url}) a été désactivé. Plus rien ne lui est envoyé tant qu'il n'est pas réactivé.`,
    gone: 'Son récepteur a répondu 410 Gone.',
    failing: (days, since) => `Toutes les livraisons ont échoué pendant ${days} jour${days === 1 ? '' : 's'} : aucune n'a réussi depuis le ${since}.`,
    lastError: (error) => `Dernière erreur : ${error}`,
    enableAgain: 'Une fois le récepteur réparé, réactivez le callback et renvoyez ce qui a échoué entre-temps (Paramètres, Développeurs) :',
  },
  de: {
    hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    invitationSubject: (sender) => `${sender}: Bitte fotografieren Sie Ihr Fahrzeug`,
    invitation: (sender) =>
      `${sender} bittet Sie, Ihr Fahrzeug für die Inspektion zu fotografieren. Öffnen Sie diesen Link auf Ihrem Telefon und folgen Sie den Schritten:`,
    reportSubject: (sender) => `${sender}: der Zustandsbericht Ihres Fahrzeugs`,
    report: (sender) => `Vielen Dank. Der Zustandsbericht von ${sender} ist fertig:`,
    linkValidUntil: (date) => `Der Link funktioniert bis ${date}.`,
    reviewSubject: (key) => `Inspektion ${key} wartet auf Prüfung`,
    review: (key) => `Die Fotos der Inspektion ${key} sind da. Sie wartet darauf, dass jemand die Prüfung abschließt:`,
    callbackSubject: (event) => `Webhook für ${event} deaktiviert`,
    callback: (event, url) => `Der Callback für ${event} (${url}) wurde deaktiviert. Bis er wieder aktiviert wird, wird nichts mehr an ihn gesendet.`,
    gone: 'Sein Empfänger hat mit 410 Gone geantwortet.',
    failing: (days, since) => `Jede Zustellung ist ${days} ${days === 1 ? 'Tag' : 'Tage'} lang fehlgeschlagen: Seit dem ${since} war keine erfolgreich.`,
    lastError: (error) => `Letzter Fehler: ${error}`,
    enableAgain:
      'Sobald der Empfänger wieder funktioniert, aktivieren Sie den Callback wieder und senden Sie erneut, was inzwischen fehlgeschlagen ist (Einstellungen, Entwickler):',
  },
  pt: {
    hello: (name) => (name ? `Olá ${name},` : 'Olá,'),
    invitationSubject: (sender) => `${sender}: fotografe o seu veículo`,
    invitation: (sender) => `${sender} pede que fotografe o seu veículo para a inspeção. Abra este link no seu celular e siga os passos:`,
    reportSubject: (sender) => `${sender}: o relatório do estado do seu veículo`,
    report: (sender) => `Obrigado. O relatório de estado de ${sender} está pronto:`,
    linkValidUntil: (date) => `O link funciona até ${date}.`,
    reviewSubject: (key) => `A inspeção ${key} aguarda revisão`,
    review: (key) => `As fotos da inspeção ${key} chegaram. Aguarda que uma pessoa conclua a revisão:`,
    callbackSubject: (event) => `Webhook de ${event} desativado`,
    callback: (event, url) => `O callback de ${event} (${url}) foi desativado. Nada mais lhe é enviado até ser ativado de novo.`,
    gone: 'O seu receptor respondeu 410 Gone.',
    failing: (days, since) => `Todas as entregas falharam durante ${days} ${days === 1 ? 'dia' : 'dias'}: nenhuma teve sucesso desde ${since}.`,
    lastError: (error) => `Último erro: ${error}`,
    enableAgain: 'Quando o receptor funcionar, ative de novo o callback e reenvie o que falhou entretanto (Configurações, Desenvolvedores):',
  },
};

function paragraphs(...parts: (string | null)[]): string {
  return `${parts.filter((part): part is string => part !== null).join('\n\n')}\n`;
}

function longDate(date: Date, language: CaptureLanguage): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

function longDateTime(date: Date, language: CaptureLanguage): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The capture link for the person named in the session's `email`. */
export function invitationMail(input: { language: CaptureLanguage; sender: string; toName: string | null; captureUrl: string }): MailText {
  const words = WORDING[input.language];
  return {
    subject: words.invitationSubject(input.sender),
    text: paragraphs(words.hello(input.toName), words.invitation(input.sender), input.captureUrl, input.sender),
  };
}

/** The guest copy of the report, for the same person once the session completes. */
export function reportReadyMail(input: {
  language: CaptureLanguage;
  sender: string;
  toName: string | null;
  reportUrl: string;
  expiresAt: Date | null;
}): MailText {
  const words = WORDING[input.language];
  return {
    subject: words.reportSubject(input.sender),
    text: paragraphs(
      words.hello(input.toName),
      words.report(input.sender),
      input.reportUrl,
      input.expiresAt ? words.linkValidUntil(longDate(input.expiresAt, input.language)) : null,
      input.sender,
    ),
  };
}

/** To the account's notification addresses: a confirmed session waits for a person's review. */
export function reviewWaitingMail(input: { language: CaptureLanguage; sessionKey: string; sessionUrl: string }): MailText {
  const words = WORDING[input.language];
  return { subject: words.reviewSubject(input.sessionKey), text: paragraphs(words.hello(null), words.review(input.sessionKey), input.sessionUrl) };
}

/**
 * To the account's notification addresses: the service turned a callback off (docs/webhooks.md#disabled-callbacks).
 * `settingsUrl`: the dashboard's developer settings, where it is enabled again.
 */
export function callbackDisabledMail(input: {
  language: CaptureLanguage;
  event: string;
  url: string;
  cause: CallbackDisableCause;
  settingsUrl: string;
}): MailText {
  const words = WORDING[input.language];
  const { cause } = input;
  const why = cause.kind === 'gone' ? words.gone : words.failing(cause.days, longDateTime(cause.since, input.language));
  return {
    subject: words.callbackSubject(input.event),
    text: paragraphs(
      words.hello(null),
      `${words.callback(input.event, input.url)} ${why}`,
      cause.kind === 'failing' && cause.lastError ? words.lastError(cause.lastError.slice(0, 200)) : null,
      words.enableAgain,
      input.settingsUrl,
    ),
  };
}
